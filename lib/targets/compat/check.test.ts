import { describe, expect, it } from 'vitest';
import type { Severity } from '../../core/problem';
import { adaptedInput, adaptTools, fixedByAdapting } from '../adapt/adapt';
import { findTarget, TARGETS } from '../catalog';
import type { SchemaCheck, SkillTools, TargetRules, ToolEntry } from '../model';
import { measuredLength } from '../names';
import type { SchemaNode } from '../schema-walk';
import { checkTarget, compatReport, compatReports } from './check';

const SKILL = 'petstore';

function entry(name: string, parameters: SchemaNode = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, description = 'Look up a pet.'): ToolEntry {
  return { file: `${name}.md`, tool: { name, alias: name, description, parameters } };
}

function skill(tools: ToolEntry[]): SkillTools {
  return { skill: SKILL, tools, manifest: { name: SKILL, description: 'Pets.', text: '---\nname: petstore\n---\n# Pets\n', body: '# Pets\n' } };
}

/** A value for each keyword a target may refuse, on a property of type string (or as the case needs). */
const KEYWORD_SAMPLES: Record<string, SchemaNode> = {
  $ref: { $ref: '#/properties/id' },
  $defs: { type: 'string', $defs: { x: { type: 'string' } } },
  definitions: { type: 'string', definitions: { x: { type: 'string' } } },
  additionalProperties: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } },
  oneOf: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  allOf: { allOf: [{ type: 'string' }, { minLength: 1 }] },
  not: { type: 'string', not: { const: 'x' } },
  const: { const: 'x' },
  exclusiveMinimum: { type: 'number', exclusiveMinimum: 0 },
  exclusiveMaximum: { type: 'number', exclusiveMaximum: 9 },
  multipleOf: { type: 'number', multipleOf: 2 },
  minimum: { type: 'number', minimum: 0 },
  maximum: { type: 'number', maximum: 9 },
  minLength: { type: 'string', minLength: 1 },
  maxLength: { type: 'string', maxLength: 9 },
  maxItems: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  uniqueItems: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  prefixItems: { type: 'array', prefixItems: [{ type: 'string' }] },
  patternProperties: { type: 'object', patternProperties: { '^x': { type: 'string' } } },
  if: { type: 'string', if: { minLength: 2 } },
  then: { type: 'string', then: { maxLength: 2 } },
  else: { type: 'string', else: { maxLength: 3 } },
  $schema: { type: 'string', $schema: 'https://json-schema.org/draft/2020-12/schema' },
  dependentRequired: { type: 'object', properties: { a: { type: 'string' } }, dependentRequired: { a: ['b'] } },
  dependentSchemas: { type: 'object', properties: { a: { type: 'string' } }, dependentSchemas: { a: { required: ['b'] } } },
  default: { type: 'string', default: 'x' },
};

const withProperty = (p: SchemaNode, name = 'p', required = true): SchemaNode => ({ type: 'object', properties: { [name]: p }, ...(required ? { required: [name] } : {}) });

interface Case {
  label: string;
  input: SkillTools;
  ruleId: string;
  severity: Severity;
  countTokens?: (text: string) => number;
}

/** An input built to break one check, for each check the target's data gives. */
function schemaCases(check: SchemaCheck): { label: string; schema: SchemaNode; ruleId: string; severity: Severity }[] {
  switch (check.kind) {
    case 'keyword':
      return check.keywords.map((k) => {
        const sample = KEYWORD_SAMPLES[k];
        if (!sample) throw new Error(`no sample schema for the keyword \`${k}\`: add one to KEYWORD_SAMPLES`);
        return { label: `\`${k}\``, schema: withProperty(sample), ruleId: 'target-keyword', severity: check.effect === 'ignored' ? 'warning' : 'error' };
      });
    case 'keyword-above':
      return [{ label: `${check.keyword} > ${check.max}`, schema: withProperty({ type: 'array', items: { type: 'string' }, [check.keyword]: check.max + 1 }), ruleId: 'target-keyword', severity: 'error' }];
    case 'closed-keywords': {
      const k = ['examples', 'deprecated', 'readOnly', 'contentMediaType'].find((x) => !check.allowed.has(x))!;
      return [{ label: `\`${k}\`, not in the closed set`, schema: withProperty({ type: 'string', [k]: k === 'examples' ? ['x'] : k === 'contentMediaType' ? 'text/plain' : true }), ruleId: 'target-keyword', severity: 'error' }];
    }
    case 'type-array':
      return [{ label: 'a type list', schema: withProperty({ type: ['string', 'null'] }), ruleId: 'target-type-array', severity: 'error' }];
    case 'enum-values':
      return [{ label: `enum values that are not ${check.allow}s`, schema: withProperty(check.allow === 'string' ? { type: 'integer', enum: [1, 2] } : { type: 'object', enum: [{ a: 1 }] }), ruleId: 'target-enum-values', severity: 'error' }];
    case 'open-object':
      return [{ label: 'an open nested object', schema: withProperty({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }), ruleId: 'target-open-object', severity: 'error' }];
    case 'optional-property':
      return [{ label: 'an optional property', schema: withProperty({ type: 'string' }, 'p', false), ruleId: 'target-optional-property', severity: 'error' }];
    case 'root-any-of':
      return [{ label: '`anyOf` at the root', schema: { ...withProperty({ type: 'string' }, 'p', false), anyOf: [{ required: ['p'] }] }, ruleId: 'target-root-any-of', severity: 'error' }];
    case 'external-ref':
      return [{ label: 'a `$ref` to another document', schema: withProperty({ $ref: 'other.json#/Pet' }), ruleId: 'target-ref', severity: 'error' }];
    case 'recursive-ref':
      return [{ label: 'a recursive `$ref`', schema: withProperty({ type: 'object', properties: { child: { $ref: '#/properties/p' } }, required: ['child'] }), ruleId: 'target-ref', severity: 'error' }];
    case 'property-name':
      return [{ label: 'a parameter name with brackets', schema: withProperty({ type: 'string' }, 'ids[]'), ruleId: 'target-property-name', severity: check.severity }];
  }
}

function cases(target: TargetRules): Case[] {
  const out: Case[] = [];
  if (target.applies === 'skill') {
    const manifest = skill([]).manifest!;
    const withManifest = (m: Partial<NonNullable<SkillTools['manifest']>>): SkillTools => ({ ...skill([]), manifest: { ...manifest, ...m } });
    if (target.name.maxLength) out.push({ label: 'a skill name too long', input: withManifest({ name: 'a'.repeat(target.name.maxLength.max + 1) }), ruleId: 'target-skill', severity: 'error' });
    if (target.name.pattern) out.push({ label: 'a skill name with capitals', input: withManifest({ name: 'Pet-Store' }), ruleId: 'target-skill', severity: 'error' });
    if (target.description.minLength) out.push({ label: 'an empty skill description', input: withManifest({ description: '' }), ruleId: 'target-skill', severity: 'error' });
    if (target.description.maxLength) out.push({ label: 'a skill description too long', input: withManifest({ description: 'x'.repeat(target.description.maxLength.max + 1) }), ruleId: 'target-skill', severity: target.description.overLength });
    for (const l of target.skillLimits) {
      const m = l.kind === 'compatibility-chars' ? { compatibility: 'x'.repeat(l.max + 1) } : l.kind === 'skill-md-lines' ? { text: 'x\n'.repeat(l.max + 1) } : { body: 'x'.repeat(l.max + 1) };
      out.push({ label: l.kind, input: withManifest(m), ruleId: 'target-skill', severity: l.severity, countTokens: (t) => t.length });
    }
    return out;
  }
  if (target.maxTools) out.push({ label: `${target.maxTools.max + 1} tools`, input: skill(Array.from({ length: target.maxTools.max + 1 }, (_, i) => entry(`t${i}`))), ruleId: 'target-tool-count', severity: 'error' });
  if (target.name.maxLength) {
    const n = target.name.maxLength.max + 1 - measuredLength(target.name, SKILL, '');
    out.push({ label: 'a name one character too long', input: skill([entry('a'.repeat(n))]), ruleId: 'target-name-length', severity: target.name.severity });
  }
  if (target.name.pattern) out.push({ label: 'a name with `$`', input: skill([entry('pet$lookup')]), ruleId: 'target-name-pattern', severity: target.name.severity });
  out.push({ label: 'two tools of one name', input: skill([entry('get_pet'), entry('get_pet')]), ruleId: 'target-name-unique', severity: 'error' });
  if (target.description.maxLength) out.push({ label: 'a description too long', input: skill([entry('get_pet', undefined, 'x'.repeat(target.description.maxLength.max + 1))]), ruleId: 'target-description-length', severity: target.description.overLength });
  if (target.description.required || target.description.minLength) out.push({ label: 'no description', input: skill([entry('get_pet', undefined, '')]), ruleId: 'target-description-required', severity: 'error' });
  if (target.objectRoot) out.push({ label: 'an array at the root', input: skill([entry('get_pet', { type: 'array', items: { type: 'string' } })]), ruleId: 'target-schema-root', severity: 'error' });
  for (const check of target.schema) for (const c of schemaCases(check)) out.push({ label: c.label, input: skill([entry('get_pet', c.schema)]), ruleId: c.ruleId, severity: c.severity });
  for (const l of target.schemaLimits) {
    const schema: SchemaNode =
      l.kind === 'properties' ? { type: 'object', properties: Object.fromEntries(Array.from({ length: l.max + 1 }, (_, i) => [`p${i}`, { type: 'string' }])) }
      : l.kind === 'depth' ? Array.from({ length: l.max + 1 }).reduce<SchemaNode>((inner) => ({ type: 'object', properties: { a: inner } }), { type: 'string' }) as SchemaNode
      : l.kind === 'string-length' ? withProperty({ type: 'string' }, 'n'.repeat(l.max + 1))
      : l.kind === 'enum-values' ? withProperty({ type: 'string', enum: Array.from({ length: l.max + 1 }, (_, i) => `v${i}`) })
      : l.kind === 'large-enum-chars' ? withProperty({ type: 'string', enum: Array.from({ length: l.over + 1 }, (_, i) => `${i}`.padEnd(Math.ceil(l.max / l.over) + 1, 'x')) })
      : {};
    out.push({ label: `schema limit ${l.kind}`, input: skill([entry('get_pet', schema)]), ruleId: 'target-schema-limit', severity: 'error' });
  }
  for (const l of target.requestLimits) {
    const tools =
      l.kind === 'strict-tools' ? Array.from({ length: l.max + 1 }, (_, i) => entry(`t${i}`))
      : [entry('get_pet', { type: 'object', properties: Object.fromEntries(Array.from({ length: l.max + 1 }, (_, i) => [`p${i}`, l.kind === 'union-parameters' ? { type: ['string', 'null'] } : { type: 'string' }])) })];
    out.push({ label: `request limit ${l.kind}`, input: skill(tools), ruleId: 'target-request-limit', severity: l.severity });
  }
  return out;
}

describe('checkTarget', () => {
  for (const target of TARGETS) {
    describe(target.id, () => {
      const all = cases(target);
      it('has an input built to break each of its rules (a target whose data gives no rule has only the universal ones)', () => {
        expect(all.length).toBeGreaterThan(0);
      });
      it.each(all.map((c) => [c.label, c]))('reports %s with the right rule and severity', (_, c) => {
        const problems = checkTarget(c.input, target, { countTokens: c.countTokens });
        expect(problems.map((p) => `${p.ruleId} ${p.severity}`)).toContain(`${c.ruleId} ${c.severity}`);
        const adapted = checkTarget(adaptedInput(adaptTools(c.input, target)), target, { countTokens: c.countTokens });
        expect(adapted.filter(fixedByAdapting)).toEqual([]);
      });
    });
  }

  it('reports nothing for a small, closed, fully required tool on a target without strict rules', () => {
    for (const t of TARGETS.filter((x) => x.applies === 'tools')) {
      const problems = checkTarget(skill([entry('get_pet')]), t);
      if (!t.strict) expect(problems, t.id).toEqual([]);
    }
  });

  it('counts a name with the host\'s prefix: `mcp__petstore__` plus 50 characters is over Claude Code\'s 64', () => {
    const long = entry(`get_${'x'.repeat(46)}`);
    const [p] = checkTarget(skill([long]), findTarget('claude_code')!);
    expect(p).toMatchObject({ ruleId: 'target-name-length', file: long.file, pointer: '/name' });
    expect(p.message).toContain(`\`mcp__petstore__${long.tool.name}\` is 65 characters, over claude_code's 64`);
    expect(checkTarget(skill([long]), findTarget('anthropic')!)).toEqual([]);
  });

  it('points at the node in the published tool, and names the data entry the limit comes from', () => {
    const [p] = checkTarget(skill([entry('get_pet', withProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }] }))]), findTarget('gemini')!);
    expect(p).toEqual({ ruleId: 'target-keyword', severity: 'error', file: 'get_pet.md', pointer: '/parameters/properties/p', message: 'gemini refuses `oneOf` at /properties/p [gemini.schema.unsupported_keywords]' });
  });
});

describe('checkTarget on parameter names', () => {
  it('refuses a parameter name Claude refuses, and warns of a nested one the evidence does not cover; Vertex\'s rule warns of both', () => {
    const schema: SchemaNode = { type: 'object', properties: { 'ids[]': { type: 'string' }, filter: { type: 'object', properties: { $ref: { type: 'string' } } } } };
    const found = (id: string) => checkTarget(skill([entry('get_pet', schema)]), findTarget(id)!).filter((p) => p.ruleId === 'target-property-name');
    for (const id of ['anthropic', 'claude_code', 'claude_ai_remote_mcp']) {
      expect(found(id).map((p) => [p.pointer, p.severity]), id).toEqual([
        ['/parameters/properties/ids[]', 'error'],
        ['/parameters/properties/filter/properties/$ref', 'warning'],
      ]);
    }
    expect(found('anthropic')[0].message).toMatch(/^anthropic: the parameter name `ids\[\]` does not match .* one such name refuses the whole tool list: leave this tool out, or this parameter out of its schema$/);
    expect(found('anthropic')[1].message).toMatch(/^anthropic: the nested property name `\$ref` .*: a parameter of that name is refused, and this one may be too$/);
    expect(found('gemini').map((p) => p.severity)).toEqual(['warning', 'warning']);
    expect(found('openai')).toEqual([]);
  });
});

describe('compatReport', () => {
  it('says a skill fits where nothing is found, and fits with changes where adapting removes every error', () => {
    const tools = skill([entry('get_pet', withProperty({ type: ['string', 'null'] }))]);
    expect(compatReport(tools, findTarget('openai')!)).toMatchObject({ verdict: 'fits', problems: [], remaining: [], changes: [] });
    const gemini = compatReport(tools, findTarget('gemini')!);
    expect(gemini).toMatchObject({ verdict: 'fits-with-changes', remaining: [] });
    expect(gemini.problems.map((p) => p.ruleId)).toEqual(['target-type-array']);
  });

  it('says a skill does not fit where an error remains after adapting: 41 tools for Cursor\'s 40', () => {
    const tools = skill(Array.from({ length: 41 }, (_, i) => entry(`get_pet_${i}`)));
    const r = compatReport(tools, findTarget('cursor')!);
    expect(r.verdict).toBe('does-not-fit');
    expect(r.remaining).toEqual([expect.objectContaining({ ruleId: 'target-tool-count', file: 'SKILL.md', message: expect.stringContaining('41 tools, 1 over cursor\'s limit of 40') })]);
    expect(compatReport(skill(tools.tools.slice(0, 40)), findTarget('cursor')!).verdict).toBe('fits');
  });

  it('lists the lossy changes adapting makes, per tool', () => {
    const r = compatReport(skill([entry('get_pet', withProperty({ type: 'integer', enum: [1, 2] }))]), findTarget('gemini')!);
    expect(r.changes).toEqual([expect.objectContaining({ ruleId: 'target-enum-values', severity: 'warning', file: 'get_pet.md', pointer: '/parameters/properties/p' })]);
  });

  it('reports on every target of the data when none is named', () => {
    expect(compatReports(skill([entry('get_pet')])).map((r) => r.target)).toEqual(TARGETS.map((t) => t.id));
  });
});
