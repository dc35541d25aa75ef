import { parser } from '@lezer/markdown';
import { describe, expect, it } from 'vitest';
import { hostileString, hostileValue, PROSE_PIECES } from '../../test/hostile';
import { seeded, type Random } from '../../test/random';
import { writeManifest } from '../skill/manifest';
import { parseOperationFile, writeOperationFile } from '../skill/operation-file';
import { parseSkillPackage } from '../skill/package';
import { exportBundle, exportFiles, importBundle } from './bundle';
import { generateCallSection } from './call-section';

// The CommonMark parser the editor uses (@lezer/markdown, through @codemirror/lang-markdown)
// is the oracle here: it reads the exported markdown as a renderer would.

interface Heading {
  level: number;
  text: string;
}

/** The headings a CommonMark renderer sees in `markdown`, and how many HTML nodes. */
function read(markdown: string): { headings: Heading[]; html: number } {
  const headings: Heading[] = [];
  let html = 0;
  parser.parse(markdown).iterate({
    enter(node) {
      const m = /^(ATX|Setext)Heading(\d)$/.exec(node.name);
      if (m) {
        const raw = markdown.slice(node.from, node.to);
        const text = m[1] === 'ATX' ? raw.replace(/^ {0,3}#+[ \t]*/, '').replace(/[ \t]+#+[ \t]*$/, '').trim() : raw.split('\n')[0].trim();
        headings.push({ level: Number(m[2]), text });
      }
      if (/^HTML(Block|Tag)$|^Comment$|^ProcessingInstruction$/.test(node.name)) html++;
    },
  });
  return { headings, html };
}

/** A one-operation skill whose names, values, descriptions and prose are generated. */
function hostileSkill(r: Random): Map<string, string> {
  const properties: Record<string, unknown> = {};
  const names: string[] = [];
  for (let i = 0, n = 1 + r.int(5); i < n; i++) {
    const name = r.chance(0.8) ? hostileString(r, { lone: true }) : `p${i}`;
    names.push(name);
    const schema: Record<string, unknown> = r.pick([{ type: 'string' }, { type: ['integer', 'null'] }, { type: 'array', items: { type: 'string' } }, {}]);
    if (r.chance(0.5)) schema.description = hostileString(r, { lone: true });
    if (r.chance(0.4)) schema.enum = Array.from({ length: 1 + r.int(4) }, () => hostileValue(r));
    else if (r.chance(0.2)) schema.const = hostileValue(r);
    if (r.chance(0.2)) schema.type = hostileString(r);
    if (r.chance(0.1)) schema.$ref = `#/types/${hostileString(r)}`;
    properties[name] = schema;
  }
  const pathName = r.chance(0.5) ? r.pick(['id', 'a`b', '<b>', 'x y']) : undefined;
  if (pathName) properties[pathName] = { type: 'string' };
  const query = names.filter(() => r.chance(0.4));
  const url = `https://h.example/${hostileString(r).replace(/[/?#{}\s]/g, '')}/${pathName ? `{${pathName}}` : 'x'}`;
  const prose = [r.pick(PROSE_PIECES), ...(r.chance(0.3) ? [r.pick(PROSE_PIECES)] : [])].join('\n');
  const method = r.pick(['GET', 'POST', 'PUT', 'DELETE'] as const);
  return new Map([
    ['SKILL.md', writeManifest({ name: 'hostile', description: 'Hostile names.', title: 'Hostile', operations: [{ name: 'op', description: 'Op.' }] })],
    ['op.md', writeOperationFile({ operation: { method, url, schema: { type: 'object', properties }, query }, prose })],
  ]);
}

describe('export, import and export again', () => {
  it('gives byte-identical bundles, and "The call" adds exactly its one heading and no HTML, for 300 generated skills with hostile names and values', () => {
    const r = seeded(27_2026);
    for (let n = 0; n < 300; n++) {
      const files = hostileSkill(r);
      const pkg = parseSkillPackage({ folder: 'hostile', files });
      const first = exportBundle(pkg);
      const imported = importBundle(first);
      if (!imported.ok) throw new Error(`case ${n}: ${JSON.stringify(imported.problems)}`);
      const second = exportBundle(parseSkillPackage(imported.value));
      expect(Buffer.from(second).equals(Buffer.from(first)), `case ${n}: ${JSON.stringify([...files])}`).toBe(true);

      const op = parseOperationFile('op.md', files.get('op.md')!);
      const section = generateCallSection(op.declaration!)!;
      expect(read(section), `case ${n}: ${section}`).toEqual({ headings: [{ level: 2, text: 'The call' }], html: 0 });
      // A hand-written section (prose pieces can close each other's fences) is replaced: the
      // headings are compared where the prose has none.
      const own = read(op.prose).headings;
      if (own.some((h) => h.text === 'The call')) continue;
      const exported = parseOperationFile('op.md', exportFiles(pkg).files.get('op.md')!);
      expect(read(exported.prose).headings, `case ${n}: ${exported.prose}`).toEqual([...own, { level: 2, text: 'The call' }]);
    }
  });
});
