import { afterAll, beforeAll, describe, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runHere, spawnCli } from '../test/cli';

const EXAMPLE = join(ROOT, 'examples/hollowbrook');
const LINE = /^[^\s:]+:\d+:\d+ [a-z0-9-]+ (\(warning\) )?\S.*$/;

/** The bundle that ships, in a process of its own. */
function run(...args: string[]) {
  return spawnCli(args);
}

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

let tmp: string;
let broken: string;
let warned: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-cli-'));
  // Broken: the folder name no longer matches `name`, a qualifier has a typo, and a path
  // parameter is also sent in the body.
  broken = join(tmp, 'broken');
  await cp(EXAMPLE, broken, { recursive: true });
  const booking = join(broken, 'create_booking.md');
  await writeFile(booking, (await readFile(booking, 'utf8')).replace('  identity:', '  optional: [guest_nmae]\n  identity:'));
  const cancel = join(broken, 'cancel_booking.md');
  await writeFile(cancel, (await readFile(cancel, 'utf8')).replace('{id}', '{id}\n  body: [id]'));
  // Warnings only: the manifest forgets an operation.
  warned = join(tmp, 'hollowbrook');
  await cp(EXAMPLE, warned, { recursive: true });
  const manifest = join(warned, 'SKILL.md');
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/^- `cancel_booking`.*\n/m, ''));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe.concurrent('cli validate', () => {
  it('prints no problems and exits 0 when the skill is the Hollowbrook example', async ({ expect }) => {
    const r = await run('validate', 'examples/hollowbrook');
    expect(r).toEqual({ code: 0, stdout: '0 errors, 0 warnings\n', stderr: '' });
  });

  it('prints sorted file:line:column problems and a count, and exits 1, when the skill has errors', async ({ expect }) => {
    const r = await run('validate', broken);
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    const summary = out.pop()!;
    expect(summary).toMatch(/^\d+ errors?, \d+ warnings?$/);
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const l of out) expect(l).toMatch(LINE);
    const ids = out.map((l) => l.split(' ')[1]);
    expect(ids).toEqual(expect.arrayContaining(['skill-name', 'qualifiers']));
    expect(out.some((l) => l.startsWith('cancel_booking.md:'))).toBe(true);
    expect(out.find((l) => l.includes(' qualifiers '))).toMatch(/^create_booking\.md:\d+:\d+ qualifiers .*guest_nmae/);
    const files = out.map((l) => l.split(':')[0]);
    expect(files).toEqual([...files].sort());
    expect(Number(summary.split(' ')[0])).toBe(out.filter((l) => !l.includes(' (warning) ')).length);
  });

  it('marks warnings and exits 0 when there are only warnings', async ({ expect }) => {
    const r = await runHere('validate', warned);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([expect.stringMatching(/^SKILL\.md:\d+:\d+ manifest-operations \(warning\) .*cancel_booking/), '0 errors, 1 warning']);
  });

  it('says so in one line and exits 2 when the folder does not exist', async ({ expect }) => {
    const r = await run('validate', join(tmp, 'nowhere'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^skill-wizard validate: cannot read .*nowhere: no such file or folder$/)]);
  });

  it('refuses a file that is neither a folder nor a .zip with exit 2', async ({ expect }) => {
    const r = await runHere('validate', join(EXAMPLE, 'SKILL.md'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected a skill folder or a \.zip bundle/);
  });

  it('reports a .zip that is not a zip as a problem and exits 1', async ({ expect }) => {
    const bad = join(tmp, 'bad.zip');
    await writeFile(bad, 'this is not a zip');
    const r = await runHere('validate', bad);
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    expect(out.pop()).toMatch(/^[1-9]\d* errors?, 0 warnings$/);
    for (const l of out) expect(l).toMatch(LINE);
  });

  it('refuses a 1.5 GB .zip from its size, before reading it, as problems (BAD-INPUT 29)', async ({ expect }) => {
    // Sparse: 1.5 GB that cost no disk. Read whole, it took 3.1 GB of memory and 14 s.
    const huge = join(tmp, 'huge.zip');
    await writeFile(huge, 'PK');
    await truncate(huge, 1536 * 1024 * 1024);
    const [validated, listed] = await Promise.all([run('validate', huge), run('tools', huge)]);
    expect(validated.code).toBe(1);
    expect(validated.stderr).toBe('');
    expect(lines(validated.stdout)).toEqual([
      'huge.zip:1:1 upload-file-too-large huge.zip is 1536.0 MB, over the 50.0 MB limit for one file',
      'huge.zip:1:1 upload-too-large The upload is 1536.0 MB, over the 100.0 MB limit',
      '2 errors, 0 warnings',
    ]);
    expect(listed.code).toBe(1);
    expect(lines(listed.stderr)).toEqual([...lines(validated.stdout).slice(0, 2), `${huge}: not publishable (2 errors, 0 warnings)`]);
  });

  it('validates a .zip bundle the same as the folder it was made from', async ({ expect }) => {
    const { writeSkillZip } = await import('../lib/bundle/zip');
    const files = new Map<string, Uint8Array>();
    for (const name of ['SKILL.md', 'list_rooms.md', 'check_availability.md', 'create_booking.md', 'cancel_booking.md']) {
      files.set(name, new Uint8Array(await readFile(join(EXAMPLE, name))));
    }
    const zip = join(tmp, 'hollowbrook.zip');
    await writeFile(zip, writeSkillZip('hollowbrook', files));
    const r = await runHere('validate', zip);
    expect(r).toEqual({ code: 0, stdout: '0 errors, 0 warnings\n', stderr: '' });
  });
});

describe.concurrent('cli tools', () => {
  it('prints the tools.json array when the skill is publishable', async ({ expect }) => {
    const r = await run('tools', 'examples/hollowbrook');
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout) as { name: string; alias: string; description: string; parameters: unknown }[];
    expect(tools.map((t) => t.name)).toEqual([
      'hollowbrook_cancel_booking',
      'hollowbrook_check_availability',
      'hollowbrook_create_booking',
      'hollowbrook_list_rooms',
    ]);
    expect(Object.keys(tools[0]).slice(0, 5)).toEqual(['name', 'alias', 'description', 'parameters', 'safety']);
  });

  it('prints nothing on stdout, the errors on stderr, and exits 1 when the skill has errors', async ({ expect }) => {
    const r = await runHere('tools', broken);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const err = lines(r.stderr);
    expect(err.pop()).toMatch(/not publishable \(\d+ errors?, \d+ warnings?\)$/);
    for (const l of err) expect(l).toMatch(LINE);
  });
});

describe.concurrent('cli call', () => {
  const stay = { room_id: 'heron', guest_name: 'Ada', arrival: '2025-06-01', departure: '2025-06-04' };

  it('prints the request as JSON when the call is valid', async ({ expect }) => {
    const r = await run('call', 'examples/hollowbrook', 'create_booking', '--args', JSON.stringify(stay));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      method: 'POST',
      url: 'http://outturn-hollowbrook:8084/bookings',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(stay),
    });
  });

  it('finds the operation by its tool name and takes --args=<json>', async ({ expect }) => {
    const r = await runHere('call', EXAMPLE, 'hollowbrook_cancel_booking', '--args={"id":"HB/1"}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ method: 'DELETE', url: 'http://outturn-hollowbrook:8084/bookings/HB%2F1', headers: {} });
  });

  it('calls with no arguments when --args is left out', async ({ expect }) => {
    const r = await runHere('call', EXAMPLE, 'list_rooms');
    expect(JSON.parse(r.stdout)).toEqual({ method: 'GET', url: 'http://outturn-hollowbrook:8084/rooms', headers: {} });
  });

  it('prints each offending argument on stderr and exits 1 when the call is refused', async ({ expect }) => {
    const r = await run('call', 'examples/hollowbrook', 'create_booking', '--args', '{"room_id":"heron","arrival":"x","departure":"y","pets":2}');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/^create_booking\.md:1:1 call-missing-argument .*`guest_name`/),
      expect.stringMatching(/^create_booking\.md:1:1 call-unknown-argument .*`pets`/),
      'hollowbrook_create_booking: refused, nothing would be sent',
    ]);
  });

  it('refuses an operation that is not safe under --read-only, naming why', async ({ expect }) => {
    const r = await run('call', 'examples/hollowbrook', 'create_booking', '--read-only', '--args', JSON.stringify(stay));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      'create_booking.md: A read-only grant calls only safe operations, and it is `unsafe`, the default of `POST`, and declares no `safety: safe`',
      'hollowbrook_create_booking: refused, nothing would be sent',
    ]);
  });

  it('calls a safe operation under --read-only', async ({ expect }) => {
    const r = await runHere('call', EXAMPLE, 'list_rooms', '--read-only');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'GET' });
  });

  it('exits 2 with one line when --args is not JSON', async ({ expect }) => {
    const r = await run('call', 'examples/hollowbrook', 'create_booking', '--args', '{room_id: heron}');
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^skill-wizard call: --args is not JSON: /)]);
  });

  it('exits 2 naming the operations when the operation is unknown', async ({ expect }) => {
    const r = await runHere('call', EXAMPLE, 'book_room');
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/No operation `book_room` .*create_booking/)]);
  });

  it('sends a body of the arguments not named when the operation declares a free-form body', async ({ expect }) => {
    // The skill the converter writes for the free-form bodies fixture, as committed.
    const skill = join(ROOT, 'lib/convert/fixtures/free-form-bodies/expected/fixture-free-form-bodies');
    const r = await runHere('call', skill, 'replace_labels', '--args', '{"id":"i 1","dry_run":false,"colour":"red","size":"XL"}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      method: 'PUT',
      url: 'https://bodies.fixture.test/items/i%201/labels?dry_run=false',
      headers: { 'Content-Type': 'application/json' },
      body: '{"colour":"red","size":"XL"}',
    });
    const empty = await runHere('call', skill, 'set_metadata', '--args', '{"id":"7"}');
    expect(JSON.parse(empty.stdout)).toEqual({ method: 'POST', url: 'https://bodies.fixture.test/items/7/metadata', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  });

  it('refuses to call into a skill with errors', async ({ expect }) => {
    const r = await runHere('call', broken, 'list_rooms');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });
});

describe.concurrent('cli usage', () => {
  it('lists every command when asked for --help', async ({ expect }) => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    for (const c of ['validate', 'tools', 'call']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    // Read in a terminal: no line wider than 80 columns (the list was once padded to convert's 380-character usage).
    expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([]);
    expect(r.stdout).toContain('  convert <spec file | folder | .zip> --out <folder> [options]\n      Generate a skill');
  });

  it.for(['convert', 'validate', 'tools', 'call', 'compat', 'tokens', 'update'])("prints %s's help within 80 columns (its usage and text wrapped where they would not fit)", async (name, { expect }) => {
    const r = await run(name, '--help');
    expect(r.code).toBe(0);
    const printed = r.stdout.split('\n');
    expect(printed.filter((l) => l.length > 80)).toEqual([]);
    // An option's description reads as one column: its lines after the first start where the first's text does.
    const misaligned: string[] = [];
    printed.forEach((line, i) => {
      const option = /^( {2,}-\S+(?: <[^>]*>)?\s{2,})\S/.exec(line);
      const next = printed[i + 1] ?? '';
      if (option && /^ +[^ -]/.test(next) && next.search(/\S/) !== option[1].length) misaligned.push(`${line}\n${next}`);
    });
    expect(misaligned).toEqual([]);
  });

  it("prints a command's help when given <command> --help", async ({ expect }) => {
    const r = await runHere('call', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: skill-wizard call <skill folder or \.zip> <operation>/);
  });

  it('exits 2 with the usage when there is no command', async ({ expect }) => {
    const r = await run();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Usage: /);
  });

  it('exits 2 when the command is unknown', async ({ expect }) => {
    const r = await runHere('convert-everything');
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/unknown command `convert-everything`/)]);
  });

  it('exits 2 on a folder without a skill\'s files, naming the skill folder inside it (the folder given to convert --out)', async ({ expect }) => {
    const out = join(tmp, 'out');
    await cp(EXAMPLE, join(out, 'hollowbrook'), { recursive: true });
    const r = await runHere('validate', out);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`skill-wizard validate: ${out} holds no skill files (SKILL.md, types.json, *.md); the skill is in ${join(out, 'hollowbrook')}`]);
    const empty = join(tmp, 'empty');
    await cp(join(EXAMPLE, 'SKILL.md'), join(empty, 'notes', 'README.txt'), { recursive: true });
    const none = await runHere('tools', empty);
    expect(none.code).toBe(2);
    expect(lines(none.stderr)).toEqual([`skill-wizard tools: ${empty} holds no skill files (SKILL.md, types.json, *.md)`]);
  });

  it('exits 2 when an option is unknown or an argument is missing', async ({ expect }) => {
    const unknown = await runHere('validate', EXAMPLE, '--fast');
    expect(unknown.code).toBe(2);
    expect(lines(unknown.stderr)).toEqual(['skill-wizard validate: unknown option --fast; see `skill-wizard validate --help`']);
    const r = await runHere('validate');
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['skill-wizard validate: expected: skill-wizard validate <skill folder or .zip>; see `skill-wizard validate --help`']);
  });

  it("says which option's value is missing or not taken, in the CLI's words rather than parseArgs'", async ({ expect }) => {
    const missing = await runHere('convert', 'spec.yaml', '--out');
    expect(missing.code).toBe(2);
    expect(lines(missing.stderr)).toEqual(['skill-wizard convert: --out needs a value; see `skill-wizard convert --help`']);
    const given = await runHere('convert', 'spec.yaml', '--out', 'o', '--force=yes');
    expect(given.code).toBe(2);
    expect(lines(given.stderr)).toEqual(['skill-wizard convert: --force takes no value; see `skill-wizard convert --help`']);
    // The long usage of convert is shortened to what it takes, its options left to --help.
    const none = await runHere('convert');
    expect(lines(none.stderr)).toEqual(['skill-wizard convert: expected: skill-wizard convert <spec file | folder | .zip> --out <folder> [options]; see `skill-wizard convert --help`']);
  });
});

describe('the skill-wizard bin', () => {
  it('is the bundle, run by its own #! line, and `npm run cli` runs the same file (not tsx)', async ({ expect }) => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.bin).toEqual({ 'skill-wizard': 'dist/cli.mjs' });
    expect(pkg.scripts.cli).toBe('node dist/cli.mjs');
    expect(pkg.scripts.prepare).toMatch(/build-cli/);
    const bin = join(ROOT, pkg.bin['skill-wizard']);
    const r = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(bin, ['validate', 'examples/hollowbrook'], { cwd: ROOT, encoding: 'utf8' }, (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }));
    });
    expect(r).toEqual({ code: 0, stdout: '0 errors, 0 warnings\n' });
  });
});
