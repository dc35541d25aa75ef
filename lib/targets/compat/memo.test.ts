import { describe, expect, it } from 'vitest';
import { adaptTools } from '../adapt/adapt';
import { findTarget, TARGETS } from '../catalog';
import type { SkillTools, ToolEntry } from '../model';
import { createToolInterner } from '../stable-tools';
import { compatReports } from './check';
import { createCompatMemo } from './memo';

const entry = (name: string, parameters: Record<string, unknown>): ToolEntry => ({ file: `${name}.md`, tool: { name: `shop_${name}`, alias: name, description: `Calls ${name}.`, parameters } });

const SCHEMAS: Record<string, unknown>[] = [
  { type: 'object', properties: { id: { type: ['string', 'null'] }, kind: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }, required: ['id'] },
  { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, minItems: 2, uniqueItems: true }, note: { type: 'string', const: 'x', examples: ['x'] } } },
  { type: 'object', additionalProperties: { type: 'string' }, properties: { at: { type: 'string', format: 'date-time', pattern: '^2' } } },
];
const skill = (tools: ToolEntry[]): SkillTools => ({ skill: 'shop', tools });

describe('createCompatMemo', () => {
  it('gives the same reports as checking from scratch, and the same objects for a schema seen before', () => {
    const memo = createCompatMemo();
    const input = skill(SCHEMAS.map((s, i) => entry(`op_${i}`, s)));
    const fresh = compatReports(input);
    expect(compatReports(input, TARGETS, { memo })).toEqual(fresh);
    expect(compatReports(input, TARGETS, { memo })).toEqual(fresh);
    const gemini = findTarget('gemini')!;
    expect(memo.findings(SCHEMAS[0], gemini)).toBe(memo.findings(SCHEMAS[0], gemini));
    expect(memo.adapt(SCHEMAS[0], gemini)).toBe(memo.adapt(SCHEMAS[0], gemini));
    expect(memo.measure(SCHEMAS[1])).toBe(memo.measure(SCHEMAS[1]));
    // The adapted schemas the memo shares are left as they were by adapting again.
    const before = JSON.stringify(memo.adapt(SCHEMAS[2], gemini));
    adaptTools(input, gemini, memo);
    expect(JSON.stringify(memo.adapt(SCHEMAS[2], gemini))).toBe(before);
  });
});

describe('createToolInterner', () => {
  it('keeps a tool the same object while its content is the same, and lets a changed one through', () => {
    const intern = createToolInterner();
    const first = intern(skill(SCHEMAS.map((s, i) => entry(`op_${i}`, s))));
    // Every tool published again (types.json edited): equal content gives back the first objects.
    const again = intern(skill(SCHEMAS.map((s, i) => entry(`op_${i}`, structuredClone(s)))));
    expect(again.tools.map((t, i) => t.tool === first.tools[i].tool)).toEqual([true, true, true]);
    const changed = SCHEMAS.map((s) => structuredClone(s));
    changed[1] = { ...changed[1], description: 'Tagged.' };
    const third = intern(skill(changed.map((s, i) => entry(`op_${i}`, s))));
    expect(third.tools.map((t, i) => t.tool === first.tools[i].tool)).toEqual([true, false, true]);
    expect(third.tools[1].tool.parameters).toEqual(changed[1]);
  });
});
