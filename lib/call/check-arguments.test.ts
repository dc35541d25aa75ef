import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { buildRequest } from './build-request';
import { callableOperation, type CallableOperation } from './callable';
import { checkArguments } from './check-arguments';

const EVIL = `${'a'.repeat(48)}!`;

/** A one-operation skill whose POST takes the arguments this schema declares. */
function callable(properties: Record<string, unknown>): CallableOperation {
  const schema = JSON.stringify({ type: 'object', properties });
  const files = new Map([['op.md', `---\noperation:\n  method: POST\n  url: https://h.example/things\n  schema: ${JSON.stringify(schema)}\n---\nDo it.\n`]]);
  const pkg = parseSkillPackage({ folder: 'shop', files });
  const c = callableOperation(pkg, pkg.operations[0]);
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.value;
}

// BAD-INPUT 22. A backtracking engine takes about 2^48 steps on each of these (the call
// preview and `cli call` hung); matched in linear time, each answers at once. A regression
// shows as the test timing out.
describe('checkArguments with a catastrophic pattern', { timeout: 10_000 }, () => {
  it('refuses 48 `a`s and `!` against `pattern: ^(a+)+$` at once', () => {
    const op = callable({ code: { type: 'string', pattern: '^(a+)+$' } });
    expect(checkArguments(op, { code: EVIL })).toEqual([
      { ruleId: 'call-invalid-argument', severity: 'error', message: 'Argument `code` must match pattern "^(a+)+$"', file: 'op.md' },
    ]);
    expect(checkArguments(op, { code: 'aaaa' })).toEqual([]);
  });

  it('refuses a name of 48 `a`s and `!` that no patternProperties pattern matches', () => {
    const op = callable({ meta: { type: 'object', patternProperties: { '^(a+)+$': { type: 'integer' } }, additionalProperties: false } });
    expect(checkArguments(op, { meta: { [EVIL]: 1 } })).toEqual([
      { ruleId: 'call-invalid-argument', severity: 'error', message: 'Argument `meta` must NOT have additional properties', file: 'op.md' },
    ]);
    expect(checkArguments(op, { meta: { aaaa: 1 } })).toEqual([]);
    expect(checkArguments(op, { meta: { aaaa: 'x' } })).toEqual([
      { ruleId: 'call-invalid-argument', severity: 'error', message: 'Argument `meta` /aaaa must be integer', file: 'op.md' },
    ]);
  });

  it('refuses a name of 48 `a`s and `!` against `propertyNames: {pattern: ^(a+)+$}`', () => {
    const op = callable({ meta: { type: 'object', propertyNames: { pattern: '^(a+)+$' } } });
    expect(checkArguments(op, { meta: { [EVIL]: 1 } }).map((p) => p.message)).toEqual([
      'Argument `meta` must match pattern "^(a+)+$"; property name must be valid',
    ]);
    expect(checkArguments(op, { meta: { aaa: 1 } })).toEqual([]);
  });
});

describe('checkArguments with a pattern no linear-time matcher runs', () => {
  it('skips the pattern, says so in a warning naming it, and lets the call through', { timeout: 10_000 }, () => {
    const op = callable({ code: { type: 'string', pattern: '^(?=a)(a+)+$' }, n: { type: 'integer' } });
    const warning = {
      ruleId: 'call-pattern-unchecked',
      severity: 'warning',
      message: 'The pattern `^(?=a)(a+)+$` uses a lookahead (`(?=` or `(?!`), which cannot be matched in linear time: arguments are not checked against it (the model is asked to follow it)',
      file: 'op.md',
    };
    expect(checkArguments(op, { code: EVIL })).toEqual([warning]);
    const request = buildRequest(op, { code: EVIL });
    expect(request).toEqual({ ok: true, value: expect.objectContaining({ method: 'POST' }), problems: [warning] });
    // The other keywords are still checked.
    const refused = buildRequest(op, { code: EVIL, n: 'one' });
    expect(refused.ok).toBe(false);
    expect(refused.problems.map((p) => p.ruleId)).toEqual(['call-invalid-argument', 'call-pattern-unchecked']);
  });
});

// Found by the fuzz test (BAD-INPUT 35): encodeURIComponent throws on half a character, so
// buildRequest threw a URIError instead of refusing the call.
describe('checkArguments with lone surrogates', () => {
  const pathOp = () => {
    const files = new Map([
      ['op.md', `---\noperation:\n  method: GET\n  url: https://h.example/things/{id}\n  query: [q]\n  schema: ${JSON.stringify(JSON.stringify({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, q: { type: 'array', items: { type: 'string' } } } }))}\n---\nGet it.\n`],
    ]);
    const pkg = parseSkillPackage({ folder: 'shop', files });
    const c = callableOperation(pkg, pkg.operations[0]);
    if (!c.ok) throw new Error(JSON.stringify(c.problems));
    return c.value;
  };

  it.each([
    { name: 'a path value', args: { id: 'a\ud800' }, message: 'Argument `id` holds a lone surrogate (half a character), which cannot be sent in a URL' },
    { name: 'a query list item', args: { id: 'a', q: ['ok', '\udfff'] }, message: 'Argument `q` has a list item that holds a lone surrogate (half a character), which cannot be sent in a URL' },
    { name: 'a query value', args: { id: 'a', q: '\ud800' }, message: 'Argument `q` must be array; holds a lone surrogate (half a character), which cannot be sent in a URL' },
  ])('refuses $name holding a lone surrogate instead of throwing', ({ args, message }) => {
    const op = pathOp();
    expect(checkArguments(op, args).map((p) => p.message)).toEqual([message]);
    const request = buildRequest(op, args);
    expect(request.ok).toBe(false);
  });

  it.each([
    { name: 'a bracket-style query value', args: { filter: { status: 'a\ud800' } } },
    { name: 'a bracket-style query key', args: { filter: { ['k\udfff']: 'v' } } },
    { name: 'a form field', args: { filter: {}, note: '\ud800' } },
  ])('refuses $name holding a lone surrogate instead of throwing', ({ args }) => {
    const files = new Map([
      ['op.md', `---\noperation:\n  method: POST\n  url: https://h.example/things\n  content-type: application/x-www-form-urlencoded\n  query: [filter]\n  deep: [filter]\n  schema: ${JSON.stringify(JSON.stringify({ type: 'object', properties: { filter: { type: 'object' }, note: { type: 'string' } } }))}\n---\nPost it.\n`],
    ]);
    const pkg = parseSkillPackage({ folder: 'shop', files });
    const c = callableOperation(pkg, pkg.operations[0]);
    if (!c.ok) throw new Error(JSON.stringify(c.problems));
    expect(checkArguments(c.value, args).map((p) => p.message).join('\n')).toContain('holds a lone surrogate (half a character)');
    expect(buildRequest(c.value, args).ok).toBe(false);
  });

  it('says why a tool whose property name holds a lone surrogate cannot be checked', () => {
    expect(checkArguments(callable({ 'a\ud800': { type: 'string' } }), {}).map((p) => p.message)).toEqual([
      "The tool's parameters cannot be checked: a property name in them holds a lone surrogate (half a character), which no validator can compile",
    ]);
  });

  it('sends a whole astral character in the path and the query', () => {
    expect(buildRequest(pathOp(), { id: '😀', q: ['é'] })).toEqual(expect.objectContaining({ ok: true, value: expect.objectContaining({ url: 'https://h.example/things/%F0%9F%98%80?q=%C3%A9' }) }));
  });
});
