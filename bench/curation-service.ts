/**
 * Curation through the wizard's service on a real spec: the spec is converted (not
 * timed), then every operation but those under the given resources is removed, and the
 * removed ones are put back, a few at a time and all at once. Wall time for each, with the
 * `operations` listing the view asks for after each change. Prints one JSON line.
 * Usage: tsx bench/curation-service.ts <folder> [resource …]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWizardService, type WizardReply, type WizardRequest } from '../lib/wizard/service';
import { SPECS_DIR } from '../test/corpus';

const [folder, ...resources] = process.argv.slice(2);
const service = createWizardService();

async function timed<T extends WizardReply['type']>(request: WizardRequest, type: T): Promise<{ reply: Extract<WizardReply, { type: T }>; ms: number }> {
  const t0 = performance.now();
  const reply = await service.handle(request);
  const ms = Math.round(performance.now() - t0);
  if (reply.type !== type) throw new Error(`${request.type}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { reply: reply as Extract<WizardReply, { type: T }>, ms };
}

async function main() {
  const dir = join(SPECS_DIR, folder);
  const entries = readdirSync(dir).sort().map((path) => ({ path, bytes: new Uint8Array(readFileSync(join(dir, path))) }));
  const opened = await timed({ type: 'convert', upload: { name: folder, kind: 'folder', entries }, options: { baseUrl: 'https://api.example.com/' } }, 'opened');
  if (!opened.reply.result.ok) throw new Error(`not converted: ${opened.reply.result.problems[0]?.message}`);
  const rows = (await timed({ type: 'operations' }, 'operations')).reply.rows;
  const keep = (path: string) => resources.some((r) => path === r || path.startsWith(`${r}/`));
  const out = rows.filter((r) => r.file !== undefined && !keep(r.path)).map((r) => r.file!);
  const remove = await timed({ type: 'remove', paths: out }, 'summary');
  const list = await timed({ type: 'operations' }, 'operations');
  const few = out.slice(0, 5);
  const putBackFew = await timed({ type: 'put-back', paths: few }, 'summary');
  await timed({ type: 'remove', paths: few }, 'summary');
  const putBackAll = await timed({ type: 'put-back', paths: out }, 'summary');
  const listAfter = await timed({ type: 'operations' }, 'operations');
  console.log(JSON.stringify({ folder, operations: rows.length, removed: out.length, removeMs: remove.ms, listMs: list.ms, putBackFewMs: putBackFew.ms, putBackAllMs: putBackAll.ms, listAfterMs: listAfter.ms }));
}

void main();
