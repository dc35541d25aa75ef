import { afterAll, beforeAll, describe, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportFileSchema } from '../lib/convert';
import { runHere } from '../test/cli';
import { manyOperationsText } from '../test/many-operations';

let tmp: string;
let spec: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-curation-'));
  spec = join(tmp, 'many.json');
  await writeFile(spec, manyOperationsText({ tags: 3, actions: 10 }));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const operationFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.md') && f !== 'SKILL.md');

describe.concurrent('cli convert, curated', () => {
  it('keeps only the operations with an included tag, lists every other one in the report with why, and writes only the types they use', async ({ expect }) => {
    const out = join(tmp, 'payments');
    const reportPath = join(tmp, 'payments.report.json');
    const r = await runHere('convert', spec, '--out', out, '--include-tags', 'payments', '--report', reportPath);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const files = await operationFiles(join(out, 'many-operations'));
    expect(files).toHaveLength(15);
    expect(files.every((f) => /payment/.test(f))).toBe(true);
    expect(Object.keys(JSON.parse(await readFile(join(out, 'many-operations', 'types.json'), 'utf8')))).toEqual(['Money', 'Payment']);
    const report = reportFileSchema.parse(JSON.parse(await readFile(reportPath, 'utf8')));
    expect(report.declared).toHaveLength(15);
    expect(report.leftOut).toHaveLength(31);
    expect(report.operationCount).toBe(report.declared.length + report.proseOnly.length + report.leftOut.length);
    expect(report.leftOut.find((o) => o.file === 'get_health.md')).toMatchObject({ was: 'declared', reasons: ['it has no tag, and only operations tagged `payments` are kept'] });
    expect(report.sharedTypes.map((t) => t.name)).toEqual(['Money', 'Payment']);
    expect(report.publishProblems).toEqual([]);
    expect(r.stdout).toContain(', 31 left out by curation;');
    expect(r.stdout).toContain('Left out by curation:\n  get_health.md (GET /health) many.json:20: it has no tag');
  });

  it('combines the choices: tags in and out, paths by prefix and glob, deprecated, values repeated or comma-separated', async ({ expect }) => {
    const out = join(tmp, 'combined');
    const r = await runHere(
      'convert', spec, '--out', out,
      '--include-tags', 'payments,customers', '--exclude-tags', 'admin',
      '--include-paths', '/v2/payments', '--include-paths', '/v2/customers/*',
      '--exclude-paths', '/v2/*/{id}/actions/action-1', '--exclude-deprecated',
    );
    expect(r.code).toBe(0);
    // `/v2/customers/*` is one segment more: a customer by id, not the list nor its actions.
    expect(await operationFiles(join(out, 'many-operations'))).toEqual([
      'create_payment.md', 'delete_customer.md', 'delete_payment.md', 'get_customer.md', 'get_payment.md', 'list_payments.md',
      'payment_action2.md', 'payment_action3.md', 'payment_action4.md', 'payment_action5.md', 'payment_action6.md', 'payment_action7.md', 'payment_action8.md', 'payment_action9.md',
      'update_customer.md', 'update_payment.md',
    ]);
  });

  it('keeps or leaves out resources: a path up to its first parameter, recorded for an update, a typo warned of', async ({ expect }) => {
    const out = join(tmp, 'resources');
    const r = await runHere('convert', spec, '--out', out, '--include-resources', '/v2/customers,v2/invoices/', '--exclude-resources', '/v2/invoices');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const files = await operationFiles(join(out, 'many-operations'));
    // The list, one by id, and its actions: every operation under /v2/customers, nothing else.
    expect(files).toHaveLength(15);
    expect(files.every((f) => /customer/.test(f))).toBe(true);
    const manifest = await readFile(join(out, 'many-operations', 'SKILL.md'), 'utf8');
    expect(manifest).toContain('generated-with: "{\\"includeResources\\":[\\"/v2/customers\\",\\"v2/invoices/\\"],\\"excludeResources\\":[\\"/v2/invoices\\"]}"');
    const typo = await runHere('convert', spec, '--out', join(tmp, 'resource-typo'), '--exclude-resources', '/v2/customer');
    expect(typo.stderr).toBe('warning: --exclude-resources names `/v2/customer`, a resource no operation has (did you mean `/v2/customers`?)\n');
  });

  it('warns about a tag no operation has, naming the closest; refuses choices that leave out every operation, writing nothing', async ({ expect }) => {
    const r = await runHere('convert', spec, '--out', join(tmp, 'typo'), '--include-tags', 'Payments');
    expect(r.stderr).toBe(`warning: --include-tags names \`Payments\`, a tag no operation has (did you mean \`payments\`?)\n${spec}: the curation options leave out every operation; nothing was written\n`);
    expect(r.code).toBe(2);
    expect(await readdir(tmp)).not.toContain('typo');
    const empty = await runHere('convert', spec, '--out', join(tmp, 'empty'), '--include-tags', 'payments,');
    expect(empty).toMatchObject({ code: 2, stderr: 'skill-wizard convert: --include-tags needs a tag (values are comma-separated)\n' });
  });
});
