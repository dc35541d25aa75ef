import { describe, expect, it } from 'vitest';
import { CATALOG, findTarget, readCatalog, TARGETS } from './catalog';
import { providerConstraints } from './data/provider-constraints';

type Raw = { targets: Record<string, any>[]; [k: string]: unknown }; // eslint-disable-line @typescript-eslint/no-explicit-any
const raw = (): Raw => structuredClone(providerConstraints) as Raw;
const byId = (data: Raw, id: string) => data.targets.find((t) => t.id === id)!;

describe('readCatalog', () => {
  it('reads every phrase of the data into a check (none left uninterpreted)', () => {
    expect(CATALOG.uninterpreted).toEqual([]);
  });

  it('reads each target of the data, and a strict-mode variant of each target whose data has one', () => {
    const data = raw();
    const strict = data.targets.filter((t) => t.schema.strict_mode).map((t) => `${t.id}_strict`);
    expect(TARGETS.map((t) => t.id)).toEqual(data.targets.flatMap((t) => (t.schema.strict_mode ? [t.id, `${t.id}_strict`] : [t.id])));
    expect(strict).toEqual(['anthropic_strict', 'openai_strict']);
  });

  it('takes every limit from the data: changing a number there changes the rule', () => {
    const data = raw();
    for (const t of data.targets) {
      if (t.max_tools !== null) t.max_tools += 1;
      if (t.tool_name.max_length !== null) t.tool_name.max_length += 1;
      if (t.description.max_length !== null) t.description.max_length += 1;
      for (const limits of [t.schema.strict_mode?.limits, t.schema.limits]) for (const k of Object.keys(limits ?? {})) if (typeof limits[k] === 'number') limits[k] += 1;
    }
    const bumped = readCatalog(data);
    for (const t of TARGETS) {
      const b = bumped.targets.find((x) => x.id === t.id)!;
      if (t.maxTools) expect(b.maxTools!.max, t.id).toBe(t.maxTools.max + 1);
      if (t.name.maxLength) expect(b.name.maxLength!.max, t.id).toBe(t.name.maxLength.max + 1);
      if (t.description.maxLength) expect(b.description.maxLength!.max, t.id).toBe(t.description.maxLength.max + 1);
      expect(b.schemaLimits.map((l) => l.max), t.id).toEqual(t.schemaLimits.map((l) => l.max + 1));
      expect(b.requestLimits.map((l) => l.max), t.id).toEqual(t.requestLimits.map((l) => l.max + 1));
      expect(b.skillLimits.map((l) => l.max), t.id).toEqual(t.skillLimits.map((l) => l.max + 1));
    }
  });

  it('reads the hosts\' ways of naming a tool: Claude Code\'s prefix, Cursor\'s server plus tool under 60, MCP\'s SHOULD', () => {
    expect(findTarget('claude_code')!.name).toMatchObject({ prefix: 'mcp__<server>__', measure: 'full', maxLength: { max: 64 }, severity: 'error' });
    expect(findTarget('cursor')!.name).toMatchObject({ measure: 'server+tool', maxLength: { max: 59 } });
    expect(findTarget('mcp')!.name.severity).toBe('warning');
    expect(findTarget('gemini')!.name.pattern!.regex.source).toBe('^[A-Za-z_][A-Za-z0-9_.-]{0,63}$');
  });

  it('reads which caps refuse and which only warn: OpenAI\'s unverified 1,024, Claude Code\'s truncating 2 KB', () => {
    expect(findTarget('openai')!.description).toMatchObject({ maxLength: { max: 1024 }, overLength: 'warning', truncates: false });
    expect(findTarget('claude_code')!.description).toMatchObject({ maxLength: { max: 2048 }, overLength: 'warning', truncates: true });
    expect(findTarget('agent_skills')!.description).toMatchObject({ maxLength: { max: 1024 }, overLength: 'error', minLength: { max: 1 } });
    expect(findTarget('gemini')!.description.required).toBe(true);
    expect(findTarget('anthropic')!.description.required).toBe(false);
  });

  it('reads the facts the data lacks from the supplement: Claude\'s property keys refuse the whole request', () => {
    for (const id of ['anthropic', 'anthropic_strict', 'claude_code', 'claude_ai_remote_mcp']) {
      const check = findTarget(id)!.schema.find((c) => c.kind === 'property-name');
      expect(check, id).toMatchObject({ severity: 'error', source: expect.stringMatching(/^supplement\.[a-z_]+\.property_key_pattern: /) });
      expect(check && check.kind === 'property-name' && ['ids[]', 'DateSent>', 'before/after', 'a'.repeat(65)].filter((n) => check.regex.test(n)), id).toEqual([]);
      expect(check && check.kind === 'property-name' && ['include', 'projects.any', 'X-Request-Id', 'a'.repeat(64)].every((n) => check.regex.test(n)), id).toBe(true);
      expect(findTarget(id)!.sources.some((s) => s.startsWith('erikmaday/unusual-whales-mcp#57')), id).toBe(true);
    }
    expect(findTarget('openai')!.schema.some((c) => c.kind === 'property-name')).toBe(false);
    // A supplement entry for a target the data does not have, or in words the catalog cannot read, is listed.
    expect(readCatalog(raw(), { nobody: { limits: {}, sources: [], verified: false }, openai: { limits: { property_key_pattern: 'letters only' }, sources: [], verified: false } }).uninterpreted).toEqual([
      'supplement.openai.property_key_pattern: letters only',
      'supplement.nobody: no such target in the data',
    ]);
  });

  it('reads Gemini\'s keyword lists: a closed set of fields, each refused keyword, `default` ignored, Vertex\'s parameter names as a warning', () => {
    const g = findTarget('gemini')!;
    const closed = g.schema.find((c) => c.kind === 'closed-keywords');
    expect(closed && closed.kind === 'closed-keywords' && [...closed.allowed]).toContain('anyOf');
    expect(g.schema.filter((c) => c.kind === 'keyword' && c.effect === 'rejected').flatMap((c) => (c.kind === 'keyword' ? c.keywords : []))).toEqual(expect.arrayContaining(['oneOf', 'allOf', 'const', '$ref', 'if', 'then', 'else']));
    expect(g.schema).toContainEqual(expect.objectContaining({ kind: 'keyword', keywords: ['default'], effect: 'ignored' }));
    expect(g.schema).toContainEqual(expect.objectContaining({ kind: 'type-array' }));
    expect(g.schema).toContainEqual(expect.objectContaining({ kind: 'enum-values', allow: 'string' }));
    expect(g.schema).toContainEqual(expect.objectContaining({ kind: 'property-name', severity: 'warning' }));
  });

  it('reads strict modes: OpenAI\'s required rules and schema limits, Anthropic\'s request totals', () => {
    const o = findTarget('openai_strict')!;
    expect(o.schema.map((c) => c.kind)).toEqual(expect.arrayContaining(['open-object', 'optional-property', 'root-any-of']));
    expect(Object.fromEntries(o.schemaLimits.map((l) => [l.kind, l.max]))).toEqual({ properties: 5000, depth: 10, 'string-length': 120000, 'enum-values': 1000, 'large-enum-chars': 15000 });
    const a = findTarget('anthropic_strict')!;
    expect(Object.fromEntries(a.requestLimits.map((l) => [l.kind, l.max]))).toEqual({ 'strict-tools': 20, 'optional-parameters': 24, 'union-parameters': 16 });
    expect(a.schema).toContainEqual(expect.objectContaining({ kind: 'keyword-above', keyword: 'minItems', max: 1 }));
    expect(findTarget('openai')!.schema).toEqual([]);
  });

  it('lists a phrase it cannot read instead of dropping it', () => {
    const data = raw();
    byId(data, 'gemini').schema.unsupported_keywords.push('keywords on Tuesdays');
    byId(data, 'openai').schema.strict_mode.limits.max_new_thing = 3;
    expect(readCatalog(data).uninterpreted).toEqual(['openai.schema.strict_mode.limits.max_new_thing: 3', 'gemini.schema.unsupported_keywords: keywords on Tuesdays']);
  });

  it('throws, naming the field, when the data has the wrong shape', () => {
    const data = raw();
    byId(data, 'cursor').max_tools = 'forty';
    expect(() => readCatalog(data)).toThrow(/max_tools/);
  });
});
