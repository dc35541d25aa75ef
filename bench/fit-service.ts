/**
 * The wizard's fit figures measured through the service as its Web Worker runs it,
 * in a process of its own so the first count pays for importing the tokenizer as a fresh
 * worker does: the spec is converted first (not timed), then the first `tokens` request
 * (publishing, the tokenizer's import, counting every tool), a second model, then 20
 * one-file edits each followed by `tokens` (the edit's own re-check is timed apart), an edit
 * of types.json, and the compatibility table (`compat`) first and after an edit. Wall and
 * CPU time for each. Prints one JSON line. Usage: tsx bench/fit-service.ts <folder> <entry>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWizardService, type WizardReply, type WizardRequest } from '../lib/wizard/service';
import { SPECS_DIR } from '../test/corpus';
import { median } from './stats';

const [folder] = process.argv.slice(2);
const EDITS = 20;
const MODEL = 'gpt-4o';

/** CPU time of this process in ms: what the work costs, apart from waiting for a busy machine's cores. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const service = createWizardService();

async function timed<T extends WizardReply['type']>(request: WizardRequest, type: T): Promise<{ reply: Extract<WizardReply, { type: T }>; ms: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = cpu();
  const reply = await service.handle(request);
  const ms = performance.now() - t0;
  const used = cpu() - c0;
  if (reply.type !== type) throw new Error(`${request.type}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { reply: reply as Extract<WizardReply, { type: T }>, ms, cpu: used };
}

async function main() {
  const dir = join(SPECS_DIR, folder);
  const entries = readdirSync(dir).sort().map((path) => ({ path, bytes: new Uint8Array(readFileSync(join(dir, path))) }));
  const opened = await timed({ type: 'convert', upload: { name: folder, kind: 'folder', entries }, options: { baseUrl: 'https://api.example.com/' } }, 'opened');
  if (!opened.reply.result.ok) throw new Error(`not converted: ${opened.reply.result.problems[0]?.message}`);

  const first = await timed({ type: 'tokens', model: MODEL }, 'tokens');
  const second = await timed({ type: 'tokens', model: 'claude-sonnet-4-5' }, 'tokens');
  const compatFirst = await timed({ type: 'compat' }, 'compat');

  const ops = first.reply.tokens.tools.map((t) => t.file);
  const edit = async (path: string, change: (text: string) => string) => {
    const { reply } = await timed({ type: 'file', path }, 'file');
    const e = await timed({ type: 'edit', path, version: reply.file!.version, text: change(reply.file!.text) }, 'edited');
    return e.ms;
  };
  const editMs: number[] = [];
  const recount: { ms: number; cpu: number; counted: number }[] = [];
  for (let i = 0; i < EDITS; i++) {
    const path = ops[Math.floor((i * ops.length) / EDITS)];
    editMs.push(await edit(path, (text) => text.replace('\n---\n', `\n---\nEdited ${i}: `)));
    const r = await timed({ type: 'tokens', model: MODEL }, 'tokens');
    recount.push({ ms: r.ms, cpu: r.cpu, counted: r.reply.tokens.counted });
  }
  const compatAfterEdit = await timed({ type: 'compat' }, 'compat');

  // types.json: the first property description in the type the most operation files refer to,
  // changed, and so published again into every tool that uses it (the type's own description
  // gives way to the one where it is used).
  const types = await timed({ type: 'file', path: 'types.json' }, 'file');
  let typesEdit: { type: string; users: number; editMs: number; ms: number; cpu: number; counted: number; compatMs: number; compatCpu: number } | undefined;
  if (types.reply.file) {
    const text = types.reply.file.text;
    const files = service.snapshot()!.files.filter(([path]) => ops.includes(path));
    const users = new Map<string, number>();
    for (const [, t] of files) for (const name of new Set([...t.matchAll(/"#\/types\/([^"]+)"/g)].map((m) => m[1]))) users.set(name, (users.get(name) ?? 0) + 1);
    const [type, count] = [...users].sort((a, b) => b[1] - a[1])[0];
    const key = `\n  ${JSON.stringify(type)}: {`;
    const marker = '"description": "';
    const at = text.indexOf(marker, text.indexOf('"properties"', text.indexOf(key))) + marker.length;
    const e = await edit('types.json', () => `${text.slice(0, at)}Edited for the bench. ${text.slice(at)}`);
    const r = await timed({ type: 'tokens', model: MODEL }, 'tokens');
    const c = await timed({ type: 'compat' }, 'compat');
    typesEdit = { type, users: count, editMs: e, ms: r.ms, cpu: r.cpu, counted: r.reply.tokens.counted, compatMs: c.ms, compatCpu: c.cpu };
  }

  console.log(
    JSON.stringify({
      tools: first.reply.tokens.tools.length,
      total: first.reply.tokens.total,
      convertMs: opened.ms,
      first: { ms: first.ms, cpu: first.cpu, counted: first.reply.tokens.counted },
      secondModel: { ms: second.ms, cpu: second.cpu },
      edits: { median: median(recount.map((r) => r.ms)), max: Math.max(...recount.map((r) => r.ms)), cpuMedian: median(recount.map((r) => r.cpu)), counted: Math.max(...recount.map((r) => r.counted)), editMedian: median(editMs) },
      compat: { firstMs: compatFirst.ms, firstCpu: compatFirst.cpu, afterEditMs: compatAfterEdit.ms, afterEditCpu: compatAfterEdit.cpu },
      typesEdit,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

main().catch((e) => {
  console.log(JSON.stringify({ error: (e as Error).message }));
  process.exitCode = 1;
});
