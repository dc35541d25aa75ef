import { afterAll, beforeAll, describe, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_BUNDLE, ROOT } from '../test/cli';

const EVIL = `${'a'.repeat(48)}!`;

/**
 * `cli call` (the bundle that ships) in its own process, killed after 30 s: a backtracking engine takes about 2^48
 * steps on these calls (its time doubles with each `a`), so a regression fails here
 * with `killed` instead of hanging the suite. The time is not asserted.
 */
function call(folder: string, args: unknown): Promise<{ code: number | string; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_BUNDLE, 'call', folder, 'check', '--args', JSON.stringify(args)], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (error.killed ? 'killed' : typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const SCHEMA = {
  type: 'object',
  properties: {
    code: { type: 'string', pattern: '^(a+)+$' },
    meta: { type: 'object', patternProperties: { '^(a+)+$': { type: 'integer' } }, additionalProperties: false },
    names: { type: 'object', propertyNames: { pattern: '^(a+)+$' } },
    word: { type: 'string', pattern: '^(?=a)(a+)+$' },
  },
};

let tmp: string;
let skill: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-cli-pattern-'));
  skill = join(tmp, 'evil');
  await mkdir(skill);
  await writeFile(join(skill, 'SKILL.md'), '---\nname: evil\ndescription: One operation with catastrophic patterns.\n---\n# Evil\n\n## Operations\n- `check`: Check a code.\n');
  await writeFile(join(skill, 'check.md'), `---\noperation:\n  method: POST\n  url: https://h.example/check\n  schema: ${JSON.stringify(JSON.stringify(SCHEMA))}\n---\nCheck a code.\n`);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

// BAD-INPUT 22: a backtracking engine doubles its time with each `a`; the call must answer at once.
describe.concurrent('cli call with catastrophic patterns', () => {
  it.for([
    { name: 'pattern', args: { code: EVIL }, refusal: /^check\.md:1:1 call-invalid-argument Argument `code` must match pattern "\^\(a\+\)\+\$"$/ },
    { name: 'patternProperties', args: { meta: { [EVIL]: 1 } }, refusal: /^check\.md:1:1 call-invalid-argument Argument `meta` must NOT have additional properties$/ },
    { name: 'propertyNames', args: { names: { [EVIL]: 1 } }, refusal: /^check\.md:1:1 call-invalid-argument Argument `names` must match pattern .*property name must be valid$/ },
  ])('refuses 48 `a`s and `!` through $name and exits 1', async ({ args, refusal }, { expect }) => {
    const r = await call(skill, args);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')).toEqual(expect.arrayContaining([expect.stringMatching(refusal), 'evil_check: refused, nothing would be sent']));
  });

  it('prints the request with a warning naming a lookahead pattern it leaves to the model', async ({ expect }) => {
    const r = await call(skill, { word: EVIL });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ method: 'POST', url: 'https://h.example/check', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ word: EVIL }) });
    expect(r.stderr).toMatch(/^check\.md:1:1 call-pattern-unchecked \(warning\) The pattern `\^\(\?=a\)\(a\+\)\+\$` uses a lookahead/);
  });
});
