/**
 * Where a keystroke's time goes, a tool beside `bench/browser.ts`, not a
 * target: `tsx bench/keystroke-profile.ts [--app DIR] [--runs N] [options]` on a built app
 * (`npm run build`; with `PROFILE_SOURCE_MAPS=1` the script is named by source function).
 *
 * Types 40 keys into Kubernetes' types.json as the bench does and prints each run's keystroke
 * to paint. The last run is traced: each thread's CPU a key; per key the key's task, the wait
 * for the frame and the frame (wall and CPU); the page's main thread split into the key's
 * task, the frame, the key-up and the rest, each by trace event (self time). Options:
 * `--sample` V8's sampler too (the script's self and inclusive time by function; it slows the
 * page), `--cats a,b` more trace categories, `--threads` the events of the worker, compositor
 * and thread-pool threads, `--keys` every key's line, `--rows N` rows a list, `--no-trace`,
 * `--unlimited` Chromium with its frame-rate limit and vsync off, `--init JS` a script run
 * before the page's own, `--eval JS` run in the page before typing, `--mouse x,y` where the
 * pointer rests, `--after JS` printed after typing, `--shot FILE` a screenshot, `--save FILE`
 * the trace's events as JSON.
 */
import { chromium, type Page } from '@playwright/test';
import type { TraceMap } from '@jridgewell/trace-mapping';
import { join, resolve } from 'node:path';
import { SPECS_DIR } from '../test/corpus';
import { KEYS, serve, typeIntoTypes, type TraceEvent } from './browser';
import { fmt, median } from './stats';

const args = process.argv.slice(2);
const opt = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const app = resolve(opt('--app') ?? join(import.meta.dirname, '..'));
const unlimited = args.includes('--unlimited');
const runs = Number(opt('--runs') ?? 1);

type Ev = TraceEvent;

async function typeKeys(page: Page, record: boolean): Promise<{ keys: number[]; trace?: Ev[] }> {
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel', 'v8.execute', 'blink.user_timing'];
  if (args.includes('--sample')) categories.push('disabled-by-default-v8.cpu_profiler');
  if (opt('--cats')) categories.push(...opt('--cats')!.split(','));
  const { keys, events } = await typeIntoTypes(page, `http://127.0.0.1:${port}/`, join(SPECS_DIR, 'kubernetes-core/swagger.json.unprocessed'), {
    trace: record ? browser : undefined,
    categories,
    prepare: async (p) => {
      if (opt('--eval')) await p.evaluate(opt('--eval')!);
      if (opt('--mouse')) await p.mouse.move(Number(opt('--mouse')!.split(',')[0]), Number(opt('--mouse')!.split(',')[1]));
      if (opt('--shot')) await p.screenshot({ path: opt('--shot')! });
    },
  });
  if (opt('--after')) console.log('after:', await page.evaluate(opt('--after')!));
  return { keys, trace: events };
}

const maps = new Map<string, TraceMap | null>();
async function mapOf(url: string): Promise<TraceMap | null> {
  if (!maps.has(url)) {
    let m: TraceMap | null = null;
    try {
      const js = await (await fetch(url)).text();
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(js)?.[1];
      const r = await fetch(new URL(named ?? `${url}.map`, url));
      // A dependency of the build's tools, not of the project: without it, functions keep the bundle's names.
      const mapping = await import('@jridgewell/trace-mapping').catch(() => null);
      if (r.ok && mapping) m = new mapping.TraceMap(await r.text());
    } catch {
      // no map
    }
    maps.set(url, m);
  }
  return maps.get(url)!;
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number, per: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${fmt(v / per).padStart(6)}  ${k}`)
    .join('\n');

async function analyse(trace: Ev[]): Promise<void> {
  const names = new Map<string, string>();
  for (const e of trace) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const main = trace.find((e) => e.name === 'EventDispatch' && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')!;
  const onMain = trace.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Top-level tasks and what is nested in each.
  const tasks: { ev: Ev; kids: Ev[] }[] = [];
  for (const e of onMain) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ev.ts + last.ev.dur!) last.kids.push(e);
    else tasks.push({ ev: e, kids: [] });
  }
  const classOf = (t: { ev: Ev; kids: Ev[] }) => {
    const types = t.kids.filter((k) => k.name === 'EventDispatch').map((k) => String(k.args?.data?.type));
    if (types.some((x) => x === 'keydown' || x === 'keypress' || x === 'input' || x === 'beforeinput' || x === 'textInput')) return 'key';
    if (types.includes('keyup')) return 'keyup';
    if (t.kids.some((k) => k.name === 'BeginMainFrame' || k.name === 'FireAnimationFrame' || k.name === 'UpdateLayoutTree' || k.name === 'Paint' || k.name === 'PrePaint')) return 'frame';
    return 'other';
  };
  const byClass = new Map<string, number>();
  const inner = new Map<string, Map<string, number>>();
  const spans: { from: number; to: number; cls: string }[] = [];
  for (const t of tasks) {
    const cls = classOf(t);
    add(byClass, cls, (t.ev.tdur ?? 0) / 1000);
    spans.push({ from: t.ev.ts, to: t.ev.ts + t.ev.dur!, cls });
    // Self wall time of each nested event (wall, not thread time: nested events rarely carry tdur).
    const m = inner.get(cls) ?? new Map<string, number>();
    inner.set(cls, m);
    const all = [t.ev, ...t.kids];
    const stack: { e: Ev; child: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= until) {
        const s = stack.pop()!;
        const label = s.e.name === 'EventDispatch' ? `EventDispatch ${s.e.args?.data?.type}` : s.e.name;
        add(m, label, (s.e.dur! - s.child) / 1000);
        if (stack.length) stack[stack.length - 1].child += s.e.dur!;
      }
    };
    for (const e of all) {
      close(e.ts);
      stack.push({ e, child: 0 });
    }
    close(Infinity);
  }
  // Every thread's CPU (outermost events' thread time), a key.
  const perThread = new Map<string, number>();
  const ends = new Map<string, number>();
  const pnames = new Map<number, string>();
  for (const e of trace) if (e.name === 'process_name') pnames.set(e.pid, String(e.args?.name));
  for (const e of trace.filter((x) => x.ph === 'X' && x.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    const th = `${e.pid}:${e.tid}`;
    if ((ends.get(th) ?? -Infinity) > e.ts) continue;
    ends.set(th, e.ts + e.dur!);
    add(perThread, `${pnames.get(e.pid) ?? e.pid}${e.pid === main.pid ? ' (page)' : ''} ${names.get(th) ?? e.tid}`, (e.tdur ?? e.dur!) / 1000);
  }
  console.log('\nCPU a key by thread (all processes; outermost events):');
  console.log(top(perThread, 14, KEYS));
  if (args.includes('--threads')) {
    for (const tn of ['ThreadPoolForegroundWorker', 'Compositor', 'DedicatedWorker thread']) {
      const m = new Map<string, number>();
      for (const e of trace) if (e.pid === main.pid && names.get(`${e.pid}:${e.tid}`) === tn && e.ph === 'X') add(m, e.name, (e.tdur ?? e.dur ?? 0) / 1000);
      console.log(`\n  ${tn}: events' thread time a key (nested counted twice):`);
      console.log(top(m, 12, KEYS).replace(/^/gm, '  '));
    }
  }
  const frames = trace.filter((e) => e.pid === main.pid && e.name === 'BeginMainFrame').length;
  const implFrames = trace.filter((e) => e.name === 'BeginFrame' || e.name === 'Graphics.Pipeline').length;
  console.log(`main-thread frames a key: ${fmt(frames / KEYS)}; BeginFrame-ish events a key: ${fmt(implFrames / KEYS)}`);
  // Each key: its task, the wait for the frame, the frame (wall, ms).
  const seq = tasks.map((t) => ({ cls: classOf(t), from: t.ev.ts, to: t.ev.ts + t.ev.dur!, cpu: (t.ev.tdur ?? 0) / 1000 }));
  const rows: string[] = [];
  const parts = { key: [] as number[], wait: [] as number[], frame: [] as number[], total: [] as number[], keyCpu: [] as number[], frameCpu: [] as number[] };
  for (let i = 0; i < seq.length; i++) {
    if (seq[i].cls !== 'key') continue;
    const k = seq[i];
    const f = seq.slice(i + 1).find((x) => x.cls === 'frame');
    if (!f) continue;
    const between = seq.slice(i + 1, seq.indexOf(f)).map((x) => `${x.cls} ${fmt((x.to - x.from) / 1000)}`).join(', ');
    parts.key.push((k.to - k.from) / 1000);
    parts.wait.push((f.from - k.to) / 1000);
    parts.frame.push((f.to - f.from) / 1000);
    parts.total.push((f.to - k.from) / 1000);
    parts.keyCpu.push(k.cpu);
    parts.frameCpu.push(f.cpu);
    rows.push(`  key ${fmt((k.to - k.from) / 1000)} (cpu ${fmt(k.cpu)}) | wait ${fmt((f.from - k.to) / 1000)}${between ? ` [${between}]` : ''} | frame ${fmt((f.to - f.from) / 1000)} (cpu ${fmt(f.cpu)}) | key start to frame end ${fmt((f.to - k.from) / 1000)}`);
  }
  if (args.includes('--keys')) console.log(rows.join('\n'));
  console.log(`medians: key task ${fmt(median(parts.key))} (cpu ${fmt(median(parts.keyCpu))}), wait ${fmt(median(parts.wait))}, frame ${fmt(median(parts.frame))} (cpu ${fmt(median(parts.frameCpu))}), key start to frame end ${fmt(median(parts.total))}`);
  console.log('\nmain thread CPU a key, by task (thread time):');
  console.log(top(byClass, 10, KEYS));
  for (const [cls, m] of inner) {
    console.log(`\n  ${cls} task, self wall time a key by trace event:`);
    console.log(top(m, Number(opt("--rows") ?? 14), KEYS).replace(/^/gm, '  '));
  }

  // V8's samples of the main thread.
  const profiles = new Map<string, { tid: number; pid: number; start: number }>();
  for (const e of trace) if (e.name === 'Profile') profiles.set(String(e.id), { tid: e.tid, pid: e.pid, start: Number((e.args?.data as { startTime: number }).startTime) });
  const nodes = new Map<string, Map<number, { parent?: number; fn: string; url: string; line: number; col: number }>>();
  const samples: { prof: string; node: number; ts: number; dt: number }[] = [];
  const last = new Map<string, number>();
  for (const e of trace) {
    if (e.name !== 'ProfileChunk') continue;
    const id = String(e.id);
    const p = profiles.get(id);
    if (!p || p.pid !== main.pid || p.tid !== main.tid) continue;
    const data = e.args!.data as { cpuProfile: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples?: number[] }; timeDeltas?: number[] };
    const ns = nodes.get(id) ?? new Map();
    nodes.set(id, ns);
    for (const n of data.cpuProfile.nodes ?? []) ns.set(n.id, { parent: n.parent, fn: n.callFrame.functionName, url: n.callFrame.url, line: n.callFrame.lineNumber, col: n.callFrame.columnNumber });
    let t = last.get(id) ?? p.start;
    const ss = data.cpuProfile.samples ?? [];
    for (let i = 0; i < ss.length; i++) {
      const dt = data.timeDeltas?.[i] ?? 0;
      t += dt;
      samples.push({ prof: id, node: ss[i], ts: t, dt });
    }
    last.set(id, t);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const where = (ts: number) => spans.find((s) => ts >= s.from && ts < s.to)?.cls ?? 'idle';
  const selfBy = new Map<string, Map<string, number>>();
  const fileBy = new Map<string, Map<string, number>>();
  const inclBy = new Map<string, Map<string, number>>();
  const label = async (n: { fn: string; url: string; line: number; col: number }) => {
    if (!n.url) return { file: n.fn || '(native)', fn: n.fn || '(native)' };
    const m = await mapOf(n.url);
    if (m) {
      const o = (await import('@jridgewell/trace-mapping')).originalPositionFor(m, { line: n.line + 1, column: n.col });
      if (o.source) {
        const file = o.source.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/_N_E\//, '');
        return { file, fn: `${o.name ?? n.fn}  ${file}:${o.line}` };
      }
    }
    const file = n.url.replace(/^.*\/_next\//, '');
    return { file, fn: `${n.fn} ${file}:${n.line + 1}:${n.col + 1}` };
  };
  const labels = new Map<string, { file: string; fn: string }>();
  for (let i = 0; i < samples.length - 1; i++) {
    const s = samples[i];
    const dt = (samples[i + 1].ts - s.ts) / 1000;
    if (dt > 5) continue;
    const cls = where(s.ts);
    if (cls === 'idle') continue;
    const ns = nodes.get(s.prof)!;
    const leaf = ns.get(s.node);
    if (!leaf) continue;
    const key = `${s.prof}:${s.node}`;
    if (!labels.has(key)) labels.set(key, await label(leaf));
    const l = labels.get(key)!;
    if (!selfBy.has(cls)) {
      selfBy.set(cls, new Map());
      fileBy.set(cls, new Map());
      inclBy.set(cls, new Map());
    }
    add(selfBy.get(cls)!, l.fn, dt);
    add(fileBy.get(cls)!, l.file, dt);
    // Inclusive: each distinct function on the stack once.
    const seen = new Set<string>();
    for (let id: number | undefined = s.node; id !== undefined; id = ns.get(id)?.parent) {
      const n = ns.get(id);
      if (!n) break;
      const k = `${s.prof}:${id}`;
      if (!labels.has(k)) labels.set(k, await label(n));
      const f = labels.get(k)!.fn;
      if (seen.has(f)) continue;
      seen.add(f);
      add(inclBy.get(cls)!, f, dt);
    }
  }
  for (const [cls, m] of selfBy) {
    console.log(`\n  ${cls} task, sampled self time a key by source file:`);
    console.log(top(fileBy.get(cls)!, 12, KEYS).replace(/^/gm, '  '));
    console.log(`\n  ${cls} task, sampled self time a key by function:`);
    console.log(top(m, 30, KEYS).replace(/^/gm, '  '));
    console.log(`\n  ${cls} task, sampled inclusive time a key by function:`);
    console.log(top(inclBy.get(cls)!, 45, KEYS).replace(/^/gm, '  '));
  }
}

const port = Number(process.env.BENCH_PORT ?? 3413);
const server = await serve(app, port);
const launchArgs = ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
if (unlimited) launchArgs.push('--disable-frame-rate-limit', '--disable-gpu-vsync');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: launchArgs });
try {
  const meds: number[] = [];
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    if (opt('--init')) await context.addInitScript({ content: opt('--init')! });
    const page = await context.newPage();
    const { keys, trace } = await typeKeys(page, r === runs - 1 && !args.includes('--no-trace'));
    meds.push(median(keys));
    console.log(`run ${r + 1}: median ${fmt(median(keys))} ms, keys: ${keys.map(fmt).join(' ')}`);
    if (trace && opt('--save')) (await import('node:fs')).writeFileSync(opt('--save')!, JSON.stringify(trace));
    if (trace) await analyse(trace);
    await context.close();
  }
  console.log(`median of runs: ${fmt(median(meds))} (${meds.map(fmt).join(' ')})`);
} finally {
  await browser.close();
  server.kill();
}
