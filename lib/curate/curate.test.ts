import { describe, expect, it } from 'vitest';
import { convertSpec, specInputFromDocument } from '../convert';
import { manyOperationsSpec } from '../../test/many-operations';
import { curateConversion } from './curate';
import { curatedReport } from './report';
import type { ImportReport } from '../convert/model';

const converted = () => convertSpec(specInputFromDocument(manyOperationsSpec({ tags: 3, actions: 10 })), { sha256: 'abc' });

describe('curateConversion', () => {
  it('gives the conversion back untouched when the choices leave nothing out', () => {
    const result = converted();
    expect(curateConversion(result, { excludeTags: ['nothing'] }).result).toBe(result);
  });

  it('moves each operation left out from declared to leftOut, and the types pruned from sharedTypes, keeping the count', () => {
    const { result } = curateConversion(converted(), { includeTags: ['invoices'], excludeDeprecated: true });
    const { report } = result;
    expect(report.declared.map((d) => d.file).sort()).toEqual([...result.files.keys()].filter((f) => f.endsWith('.md') && f !== 'SKILL.md').sort());
    expect(report.declared.every((d) => d.tags.includes('invoices') && !d.deprecated)).toBe(true);
    expect(report.leftOut.find((o) => o.file === 'invoice_action10.md')).toMatchObject({ was: 'declared', deprecated: true, reasons: ['it is deprecated, and deprecated operations are left out'] });
    expect(report.operationCount).toBe(report.declared.length + report.proseOnly.length + report.leftOut.length);
    expect(report.sharedTypes.map((t) => t.name)).toEqual(['Address', 'Invoice', 'Money']);
  });
});

describe('curatedReport', () => {
  it('adds to what an earlier curation left out', () => {
    const first = curateConversion(converted(), { includeTags: ['payments'] }).result.report;
    const again = curatedReport(first, new Map([['get_payment.md', ['removed in the wizard']]]));
    expect(again.leftOut).toHaveLength(first.leftOut.length + 1);
    expect(again.leftOut.at(-1)).toMatchObject({ file: 'get_payment.md', reasons: ['removed in the wizard'] });
    expect(again.declared).toHaveLength(first.declared.length - 1);
  });

  it('keeps the warnings of the operations and shared types still in the skill, as converting only those would', () => {
    // Each operation has a warning of its own (an object query parameter); `Both` (used by a and c) and `Only` (c and d) a pattern no validator takes.
    const uses: Record<string, string[]> = { a: ['Both'], b: [], c: ['Both', 'Only'], d: ['Only'] };
    const spec = (kept: string[]) => ({
      openapi: '3.0.3',
      info: { title: 'Warned', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: Object.fromEntries(
        kept.map((id) => [
          `/${id}`,
          {
            post: {
              operationId: `make_${id}`,
              summary: `Makes the ${id} of the store.`,
              parameters: [{ name: 'filter', in: 'query', schema: { type: 'object', properties: { q: { type: 'string' } } } }],
              ...(uses[id].length > 0
                ? { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(uses[id].map((t) => [t.toLowerCase(), { $ref: `#/components/schemas/${t}` }])) } } } } }
                : {}),
              responses: { '200': { description: 'OK' } },
            },
          },
        ]),
      ),
      components: { schemas: { Both: { type: 'string', pattern: '(' }, Only: { type: 'string', pattern: '[' } } },
    });
    const convert = (kept: string[]) => convertSpec(specInputFromDocument(spec(kept)), { sha256: 'abc' });
    const places = (r: ImportReport) => r.warnings.map((w) => `${w.ruleId} ${w.pointer}`).sort();
    const whole = convert(Object.keys(uses));
    expect(places(whole.report)).toEqual([
      'invalid-schema /components/schemas/Both/pattern',
      'invalid-schema /components/schemas/Only/pattern',
      ...['a', 'b', 'c', 'd'].map((id) => `query-object /paths/~1${id}/post/parameters/0`),
    ]);
    for (let mask = 1; mask < 16; mask++) {
      const out = Object.keys(uses).filter((_, i) => mask & (1 << i));
      const kept = Object.keys(uses).filter((id) => !out.includes(id));
      const { result } = curateConversion(whole, { excludePaths: out.map((id) => `/${id}`) });
      expect(places(result.report), `without ${out.join(', ')}`).toEqual(places(convert(kept).report));
    }
  });

  it('tells a clash of descriptions again among the tools kept, as converting only those would', () => {
    // Four tools with one description (a clash: the first names the second, each later one the first), and one told apart.
    const ops = ['a', 'b', 'c', 'd', 'e'];
    const spec = (kept: string[]) => ({
      openapi: '3.0.3',
      info: { title: 'Clash', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: Object.fromEntries(
        kept.map((id) => [`/${id}`, { get: { operationId: `list_${id}`, description: id === 'e' ? 'Lists the archived pets of the store.' : 'Lists the pets of the store.', responses: { '200': { description: 'OK' } } } }]),
      ),
    });
    const report = (kept: string[]): ImportReport => convertSpec(specInputFromDocument(spec(kept)), { sha256: 'abc' }).report;
    const whole = report(ops);
    expect(whole.weakDescriptions.map((w) => [w.file, w.sameAs])).toEqual([
      ['list_a.md', 'list_b.md'],
      ['list_b.md', 'list_a.md'],
      ['list_c.md', 'list_a.md'],
      ['list_d.md', 'list_a.md'],
    ]);
    for (let mask = 0; mask < 16; mask++) {
      const out = ops.slice(0, 4).filter((_, i) => mask & (1 << i));
      const curated = curatedReport(whole, new Map(out.map((id) => [`list_${id}.md`, ['left out']])));
      expect(curated.weakDescriptions, `without ${out.join(', ') || 'nothing'}`).toEqual(report(ops.filter((id) => !out.includes(id))).weakDescriptions);
    }
  });
});
