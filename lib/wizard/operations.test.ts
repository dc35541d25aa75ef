import { describe, expect, it } from 'vitest';
import { convertSpec, specInputFromDocument } from '../convert';
import { exportBundle, importBundle } from '../bundle/bundle';
import { parseSkillPackage } from '../skill/package';
import { manyOperationsSpec } from '../../test/many-operations';
import { editFile, openSession, previewTool, removeOperations, sessionOperations } from './session';

function session() {
  const doc = manyOperationsSpec({ tags: 2, actions: 2 }) as { paths: Record<string, Record<string, unknown>> };
  doc.paths['/v2/payments'].options = { operationId: 'PaymentOptions', tags: ['payments'], responses: { '200': { description: 'ok' } } };
  const result = convertSpec(specInputFromDocument(doc), { sha256: 'abc' });
  return openSession({ folder: result.folder, files: result.files }, { kind: 'spec', name: 'many.json' }, { report: result.report });
}

describe('listOperations (sessionOperations)', () => {
  it('gives every operation one row: the spec facts with the file as it is now', () => {
    const rows = sessionOperations(session());
    expect(rows).toHaveLength(16);
    expect(rows.find((r) => r.file === 'create_payment.md')).toMatchObject({
      id: 'create_payment.md',
      method: 'POST',
      path: '/v2/payments',
      operationId: 'CreatePayment',
      tags: ['payments'],
      tool: 'many-operations_create_payment',
      summary: 'Create one of the payments.',
      state: 'declared',
      removed: false,
      errors: 0,
      deprecated: false,
      location: { file: 'openapi.yaml', pointer: '/paths/~1v2~1payments/post' },
    });
    expect(rows.find((r) => r.file === 'create_payment.md')!.bytes).toBeGreaterThan(100);
    expect(rows.find((r) => r.id === 'OPTIONS /v2/payments')).toMatchObject({ state: 'skipped', tags: ['payments'], summary: 'OPTIONS is not one of the six methods an operation block declares' });
    expect(rows.find((r) => r.id === 'OPTIONS /v2/payments')!.file).toBeUndefined();
  });

  it('follows edits (a broken method is an error) and lists removed operations as removed', () => {
    let s = session();
    const text = s.original.get('get_payment.md')!;
    s = editFile(s, 'get_payment.md', text.replace('method: GET', 'method: FETCH'));
    s = removeOperations(s, ['list_customers.md']);
    const rows = sessionOperations(s);
    expect(rows.find((r) => r.file === 'get_payment.md')).toMatchObject({ state: 'error', errors: 1, method: 'FETCH' });
    expect(rows.find((r) => r.file === 'list_customers.md')).toMatchObject({ removed: true, state: 'declared', tool: 'many-operations_list_customers', tags: ['customers'], errors: 0 });
  });

  it('says fitted for an operation conversion cut down to the size limit, declared for one that needed no cut', () => {
    const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field_${i}`, { type: 'string', description: 'A field with a long enough description to add up.' }])) };
    const ok = { '200': { description: 'ok' } };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Fit', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/big': { post: { operationId: 'big', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: big } } } } }, responses: ok } },
        '/small': { get: { operationId: 'small', responses: ok } },
      },
    };
    const result = convertSpec(specInputFromDocument(doc), { sha256: 'abc' });
    expect(result.report.fitted.map((f) => [f.file, f.fits])).toEqual([['big.md', true]]);
    const rows = sessionOperations(openSession({ folder: result.folder, files: result.files }, { kind: 'spec', name: 'fit.json' }, { report: result.report }));
    expect(rows.map((r) => [r.file, r.state])).toEqual([
      ['big.md', 'fitted'],
      ['small.md', 'declared'],
    ]);
  });

  it('reads a bundle opened again from its files alone: method and URL path, no tags', () => {
    const s = session();
    const files = importBundle(exportBundle(parseSkillPackage({ folder: 'many-operations', files: s.original as Map<string, string> })));
    if (!files.ok) throw new Error('no bundle');
    const rows = sessionOperations(openSession(files.value, { kind: 'bundle', name: 'many.zip' }));
    expect(rows).toHaveLength(15);
    expect(rows[0]).toMatchObject({ id: 'create_customer.md', method: 'POST', path: '/v2/customers', tags: [], state: 'declared' });
    expect(rows[0].location).toBeUndefined();
  });
});

describe('previewTool', () => {
  it('says a frontmatter that does not parse, with the parser\'s line, not "no operation: block"', () => {
    let s = session();
    const text = s.original.get('get_payment.md')!;
    s = editFile(s, 'get_payment.md', text.replace('  method: GET', '  method: [GET'));
    const preview = previewTool(s, 'get_payment.md');
    expect(preview.ok).toBe(false);
    if (preview.ok) return;
    expect(preview.reason).toMatch(/^The frontmatter cannot be read \(line \d+, column \d+\): YAML: /);
    expect(preview.reason).not.toContain('has no `operation:` block');
    expect(sessionOperations(s).find((r) => r.file === 'get_payment.md')).toMatchObject({ state: 'error' });
  });
});
