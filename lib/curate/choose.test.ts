import { describe, expect, it } from 'vitest';
import { chooseOperations, matchesPathPattern, type CurationSubject } from './choose';

describe('matchesPathPattern', () => {
  const cases: [string, string, boolean][] = [
    ['/pets', '/pets', true],
    ['/pets', '/pets/{petId}', true],
    ['/pets', '/petstore', false],
    ['/pets/', '/pets/{petId}', true],
    ['pets', '/pets/{petId}', true],
    ['/', '/anything/at/all', true],
    ['/Pets', '/pets', false],
    ['/v2/*', '/v2/payments', true],
    ['/v2/*', '/v2/payments/{id}', false],
    ['/v2/**', '/v2/payments/{id}', true],
    ['/v2/**', '/v2', false],
    ['/v2/*/{id}', '/v2/payments/{id}', true],
    ['**/actions/*', '/v2/payments/{id}/actions/refund', true],
    ['/v?/pay*', '/v2/payments', true],
    ['/v?/pay*', '/v2/x/payments', false],
    ['*', '/pets', false],
    ['/**', '/pets', true],
    ['/v2/**/refund', '/v2/payments/{id}/refund', true],
  ];
  for (const [pattern, path, expected] of cases) {
    it(`${expected ? 'matches' : 'does not match'} ${path} when the pattern is ${pattern}`, () => {
      expect(matchesPathPattern(pattern, path)).toBe(expected);
    });
  }

  it('takes linear steps per character when a glob has many stars', () => {
    const path = `/${'a'.repeat(2000)}`;
    expect(matchesPathPattern(`/${'*a'.repeat(50)}b`, path)).toBe(false);
  });
});

const ops: CurationSubject[] = [
  { file: 'list_pets.md', method: 'GET', path: '/pets', tags: ['pets'] },
  { file: 'create_pet.md', method: 'POST', path: '/pets', tags: ['pets', 'admin'] },
  { file: 'get_owner.md', method: 'GET', path: '/owners/{id}', tags: ['owners'], deprecated: true },
  { file: 'health.md', method: 'GET', path: '/health', tags: [] },
];

describe('chooseOperations', () => {
  it('leaves out nothing when nothing is chosen', () => {
    expect(chooseOperations(ops, {})).toEqual({ leftOut: new Map(), problems: [] });
  });

  it('keeps only the operations with an included tag, saying why each other one is left out', () => {
    const { leftOut } = chooseOperations(ops, { includeTags: ['pets'] });
    expect([...leftOut.keys()]).toEqual(['get_owner.md', 'health.md']);
    expect(leftOut.get('get_owner.md')).toEqual(['its tags (`owners`) are not among the kept ones (`pets`)']);
    expect(leftOut.get('health.md')).toEqual(['it has no tag, and only operations tagged `pets` are kept']);
  });

  it('leaves out an operation with any excluded tag', () => {
    expect(chooseOperations(ops, { excludeTags: ['admin'] }).leftOut).toEqual(new Map([['create_pet.md', ['it is tagged `admin`, which is left out']]]));
  });

  it('chooses by path prefix or glob, included and excluded', () => {
    expect([...chooseOperations(ops, { includePaths: ['/pets'] }).leftOut.keys()]).toEqual(['get_owner.md', 'health.md']);
    expect(chooseOperations(ops, { excludePaths: ['/owners/*'] }).leftOut).toEqual(
      new Map([['get_owner.md', ['its path `/owners/{id}` matches `/owners/*`, which is left out']]]),
    );
  });

  it('leaves out deprecated operations when asked, and lists every reason that applies', () => {
    const { leftOut } = chooseOperations(ops, { excludeDeprecated: true, includeTags: ['pets'] });
    expect(leftOut.get('get_owner.md')).toEqual(['its tags (`owners`) are not among the kept ones (`pets`)', 'it is deprecated, and deprecated operations are left out']);
  });

  it('warns about a tag or a path no operation has, naming the closest tag', () => {
    const { problems } = chooseOperations(ops, { includeTags: ['Pets'], excludePaths: ['/cats'] });
    expect(problems.map((p) => [p.ruleId, p.severity, p.message])).toEqual([
      ['curation-unmatched', 'warning', '--include-tags names `Pets`, a tag no operation has (did you mean `pets`?)'],
      ['curation-unmatched', 'warning', "--exclude-paths names `/cats`, which matches no operation's path (did you mean `/pets`?)"],
    ]);
  });

  it('names the templates a request path fits, as a path pattern names templates', () => {
    const subjects: CurationSubject[] = [
      { file: 'me.md', method: 'GET', path: '/users/{user_gid}', tags: [] },
      { file: 'tasks.md', method: 'GET', path: '/users/{user_gid}/tasks', tags: [] },
      { file: 'call.md', method: 'GET', path: '/Accounts/{AccountSid}/Calls/{Sid}.json', tags: [] },
      { file: 'pair.md', method: 'GET', path: '/v/{a}-{b}.{format}', tags: [] },
    ];
    const hint = (pattern: string) => chooseOperations(subjects, { includePaths: [pattern] }).problems.map((p) => p.message.replace(/^.*which matches no operation's path/, ''));
    expect(hint('/users/me')).toEqual(["; patterns name the spec's path templates, and it fits `/users/{user_gid}`"]);
    expect(hint('users/{id}/tasks/')).toEqual(["; patterns name the spec's path templates, and it fits `/users/{user_gid}/tasks`"]);
    expect(hint('/Accounts/AC1/Calls/CA2.json')).toEqual(["; patterns name the spec's path templates, and it fits `/Accounts/{AccountSid}/Calls/{Sid}.json`"]);
    // A parameter takes one character or more.
    expect(hint('/Accounts/AC1/Calls/.json')).not.toContainEqual(expect.stringContaining('it fits'));
    expect(hint('/v/x-y-z.json')).toEqual(["; patterns name the spec's path templates, and it fits `/v/{a}-{b}.{format}`"]);
    expect(hint('/v/x-.json')).not.toContainEqual(expect.stringContaining('it fits'));
    expect(hint('/v/-y.json')).not.toContainEqual(expect.stringContaining('it fits'));
    // A hostile segment is matched without backtracking: literals are found in order, once each.
    expect(hint(`/v/${'-'.repeat(100_000)}`)).not.toContainEqual(expect.stringContaining('it fits'));
  });
});

describe('chooseOperations with readOnly', () => {
  it('keeps only safe operations, saying what each other one is', () => {
    const subjects: CurationSubject[] = [
      { file: 'list.md', method: 'GET', path: '/a', tags: [], safetyInForce: 'safe' },
      { file: 'search.md', method: 'POST', path: '/a/search', tags: [], safetyInForce: 'safe' },
      { file: 'put.md', method: 'PUT', path: '/a', tags: [], safetyInForce: 'idempotent' },
      { file: 'create.md', method: 'POST', path: '/a', tags: [], safetyInForce: 'unsafe' },
      { file: 'upload.md', method: 'POST', path: '/files', tags: [] },
    ];
    const { leftOut } = chooseOperations(subjects, { readOnly: true });
    expect(Object.fromEntries(leftOut)).toEqual({
      'put.md': ['it is idempotent, and only safe operations are kept'],
      'create.md': ['it is unsafe, and only safe operations are kept'],
      'upload.md': ['it is not declared as a tool, and only safe operations are kept'],
    });
  });
});
