/**
 * The time and memory targets of the hostile inputs (BAD-INPUT.md), which the unit tests
 * used to assert with a clock: each input (built by test/hostile.ts, as the tests build it)
 * is run three times, the median is held to its target, and the outcome is checked too, so
 * a fast wrong answer is not a pass. Memory targets are held to the peak RSS the input adds
 * to a process of its own.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { zipSync } from 'fflate';
import { dump as jsyamlDump } from 'js-yaml';
import { readSkillZip } from '../lib/bundle/zip';
import { sha256Hex } from '../lib/core/sha256';
import { convertSpec } from '../lib/convert';
import { specInputFromDocument } from '../lib/convert/spec-input';
import { loadSpec, parseDataFile } from '../lib/openapi';
import { specUploadFromFile } from '../lib/openapi/upload';
import { createWizardService } from '../lib/wizard/service';
import { expandRefs, MAX_PARAMETERS_BYTES } from '../lib/publish/expand';
import { publishTools } from '../lib/publish/publish';
import { parseOperationFile } from '../lib/skill/operation-file';
import { parseSkillPackage } from '../lib/skill/package';
import {
  aliasBomb,
  billionLaughs,
  declaredBombZip,
  deepJson,
  devicesSpec,
  fanOutSchemas,
  fanOutSpecYaml,
  flatMapping,
  manyOperationsSpec,
  manyEntriesZip,
  understatedZip,
  wideAliases,
} from '../test/hostile';
import { random } from '../test/random';
import { fmt, median, table } from './stats';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface Case {
  name: string;
  /** The target for the median of three runs. */
  ms: number;
  /** The target for the peak memory the input takes (RSS, in a process of its own). */
  memoryMb?: number;
  /** Build the input (not timed); the function runs it and says whether the outcome is the expected one. */
  prepare(): () => boolean | Promise<boolean>;
}

const enc = new TextEncoder();
const rules = (r: { problems: { ruleId: string }[] }) => r.problems.map((p) => p.ruleId);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

async function fromZip(files: Record<string, string>) {
  const upload = specUploadFromFile('spec.zip', zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, enc.encode(t)]))));
  if (!upload.ok) return upload;
  return loadSpec(upload.value.files, { entry: upload.value.entry });
}

export function cases(): Case[] {
  const oas30 = (rest: string) => `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\n${rest}`;
  const lolApi = oas30('paths: {}\ncomponents:\n  schemas:\n    Lol:\n      $ref: lol.yaml#/i\n    Ok:\n      type: string\n');
  const zipCase = (name: string, ms: number, build: () => Uint8Array, rule: string): Case => ({
    name,
    ms,
    prepare: () => {
      const zip = build();
      return () => same(rules(readSkillZip(zip)), [rule]);
    },
  });
  return [
    zipCase('zip: 100,000 entries declared in zip64', 50, () => manyEntriesZip({ zip64: true }), 'zip-too-many-entries'),
    zipCase('zip: 100,000 entries, the 16-bit count wrapped', 500, () => manyEntriesZip(), 'zip-too-many-entries'),
    zipCase('zip: 100,000 entries, the count says 3', 500, () => manyEntriesZip({ count: 3 }), 'zip-too-many-entries'),
    zipCase('zip: 20 MiB inflating from an entry declared 100 bytes', 500, understatedZip, 'zip-size-mismatch'),
    zipCase('zip: 1 GiB declared', 50, () => declaredBombZip(), 'zip-too-large'),
    {
      name: 'sha256: 4 MB',
      ms: 1000,
      prepare: () => {
        const data = random(0x400000).bytes(4 * 1024 * 1024);
        return () => sha256Hex(data).length === 64;
      },
    },
    {
      name: 'expand: fan-out bomb, 40 levels of 10',
      ms: 100,
      prepare: () => {
        const types = new Map(Object.entries(fanOutSchemas(40, '#/types/')));
        return () => {
          const r = expandRefs({ type: 'object', properties: { root: { $ref: '#/types/T0' } } }, types);
          return !r.ok && r.reason === 'size';
        };
      },
    },
    // BAD-INPUT 11: converted within the size budget (fitting, the default, replaces the
    // bomb's objects), or refused by expanded-size (--no-fit).
    ...([true, false] as const).map((fit) => ({
      name: `convert${fit ? '' : ' --no-fit'}: fan-out bomb, 40 levels of 10`,
      ms: 1000,
      prepare: () => {
        const doc = {
          openapi: '3.0.3',
          info: { title: 'Test API', version: '1.0.0' },
          servers: [{ url: 'https://api.example.com/v1' }],
          paths: { '/bomb': { post: { operationId: 'bomb', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/T0' } } } }, responses: { '200': { description: 'OK' } } } } },
          components: { schemas: fanOutSchemas(40, '#/components/schemas/') },
        };
        return () => {
          const r = convertSpec(specInputFromDocument(doc), { sha256: 'abc', fit });
          const warned = r.report.warnings.map((w) => w.ruleId);
          if (!fit) return same(warned, ['expanded-size']);
          const [fitted] = r.report.fitted;
          return warned.length === 0 && r.report.fitted.length === 1 && fitted.fits && fitted.bytesAfter <= MAX_PARAMETERS_BYTES;
        };
      },
    })),
    ...([true, false] as const).map((fit) => ({
      name: `load + convert + publish${fit ? '' : ' --no-fit'}: the 4 KB fan-out YAML`,
      ms: 2000,
      memoryMb: 200,
      prepare: () => {
        const text = fanOutSpecYaml();
        return async () => {
          const loaded = await loadSpec([{ path: 'openapi.yaml', text }]);
          if (!loaded.ok) return false;
          const result = convertSpec(loaded.value, { sha256: 'abc', fit });
          // Fitted, its one tool is published; with --no-fit, none is.
          return publishTools(parseSkillPackage({ folder: result.folder, files: result.files })).length === (fit ? 1 : 0);
        };
      },
    })),
    { name: 'parse: billion laughs (9 x 9)', ms: 1000, prepare: () => () => same(rules(parseDataFile('bomb.yaml', billionLaughs(9))), ['yaml-alias-expansion']) },
    {
      name: 'parse: a 3,000-key mapping aliased 100 times',
      ms: 1000,
      prepare: () => {
        const text = wideAliases();
        return () => rules(parseDataFile('wide.yaml', text))[0] === 'yaml-alias-expansion';
      },
    },
    {
      name: 'parse: a flat mapping of 80,000 keys (1.7 MB)',
      ms: 2000,
      prepare: () => {
        const text = flatMapping();
        return () => parseDataFile('flat.yaml', text).ok;
      },
    },
    ...[10_000, 1_000_000].map(
      (n): Case => ({
        name: `parse: JSON nested ${n.toLocaleString('en-US')} deep`,
        ms: 500,
        prepare: () => {
          const text = deepJson(n);
          return () => rules(parseDataFile('deep.json', text))[0] === 'nesting-too-deep';
        },
      }),
    ),
    {
      name: 'load: a 50 MB file',
      ms: 1000,
      prepare: () => {
        const text = `openapi: 3.0.0\nx: "${'a'.repeat(50_000_000)}"\n`;
        return async () => same(rules(await loadSpec([{ path: 'api.yaml', text }])), ['file-too-large']);
      },
    },
    {
      name: 'load: $refs to /proc/self/environ and /dev/zero',
      ms: 1000,
      memoryMb: 100,
      prepare: () => async () => (await loadSpec([{ path: 'api.yaml', text: devicesSpec() }])).problems.filter((p) => p.ruleId === 'ref-outside-upload').length === 4,
    },
    {
      name: 'load: billion laughs (9 x 10) at the top',
      ms: 1000,
      prepare: () => async () => rules(await loadSpec([{ path: 'api.yaml', text: `openapi: 3.0.0\n${billionLaughs(10)}` }]))[0] === 'yaml-alias-expansion',
    },
    {
      name: 'load: billion laughs (9 x 10) referenced',
      ms: 1000,
      prepare: () => async () =>
        rules(
          await loadSpec([
            { path: 'api.yaml', text: lolApi },
            { path: 'lol.yaml', text: billionLaughs(10) },
          ]),
        ).includes('yaml-alias-expansion'),
    },
    {
      name: 'load: billion laughs in a zip, at the top and referenced',
      ms: 1000,
      prepare: () => async () => {
        const top = await fromZip({ 'spec/openapi.yaml': `openapi: 3.0.0\n${billionLaughs(10)}` });
        const referenced = await fromZip({ 'spec/openapi.yaml': lolApi, 'spec/lol.yaml': billionLaughs(10) });
        return rules(top)[0] === 'yaml-alias-expansion' && referenced.ok && rules(referenced).includes('yaml-alias-expansion');
      },
    },
    {
      name: 'load: a spec with an 80,000-key mapping',
      ms: 3000,
      prepare: () => {
        const text = oas30(`paths: {}\nx-big:\n${flatMapping(80_000, '  ')}\n`);
        return async () => (await loadSpec([{ path: 'api.yaml', text }], { validate: false })).ok;
      },
    },
    // BAD-INPUT 36: the time from the upload to the refusal, as the wizard's worker runs it.
    ...(['json', 'yaml'] as const).map(
      (syntax): Case => ({
        name: `wizard: 100,000 operations (${syntax.toUpperCase()}) refused`,
        // Bound by the parse: JSON.parse, or js-yaml on 15 MB of YAML.
        ms: syntax === 'json' ? 1000 : 3000,
        prepare: () => {
          const json = manyOperationsSpec(100_000);
          const bytes = enc.encode(syntax === 'json' ? json : jsyamlDump(JSON.parse(json)));
          return async () => {
            const reply = await createWizardService().handle({ type: 'convert', upload: { name: `many.${syntax}`, kind: 'files', entries: [{ path: `many.${syntax}`, bytes }] }, options: {} });
            return reply.type === 'opened' && same(rules(reply.result), ['too-many-operations']);
          };
        },
      }),
    ),
    {
      name: 'frontmatter: an alias bomb of 30 levels',
      ms: 1000,
      prepare: () => () => parseOperationFile('a.md', `---\n${aliasBomb(30)}\n---\nx\n`).problems.some((p) => p.ruleId === 'frontmatter'),
    },
  ];
}

/**
 * The peak memory a case takes: its process's peak RSS less that of a process that
 * prepares it and does not run it (bench/limits-one.ts, each in a fresh process).
 */
function peakGrowthMb(index: number): number {
  const peak = (mode: string) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'limits-one.ts'), String(index), mode], { encoding: 'utf8', cwd: join(import.meta.dirname, '..') });
    if (r.status !== 0) throw new Error(`limits-one ${index} ${mode}: ${r.stderr}`);
    return Number(r.stdout.trim()) / 1024;
  };
  return peak('run') - peak('prepare');
}

/** Every hostile input against its targets; `ok` is false when one is missed or gives the wrong outcome. */
export async function benchLimits(): Promise<{ ok: boolean; report: string }> {
  let ok = true;
  const rows: string[][] = [];
  const all = cases();
  for (const [index, c] of all.entries()) {
    const run = c.prepare();
    const times: number[] = [];
    let right = true;
    for (let i = 0; i < 3; i++) {
      gc();
      const t0 = performance.now();
      right &&= await run();
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    // Two processes differ by a few MB either way: below zero reads as nothing added.
    const mb = c.memoryMb === undefined ? undefined : Math.max(0, peakGrowthMb(index));
    const met = right && ms < c.ms && (mb === undefined || mb < c.memoryMb!);
    ok &&= met;
    rows.push([c.name, fmt(times[0]), fmt(ms), `< ${c.ms}`, mb === undefined ? '' : `${mb.toFixed(0)} MB (< ${c.memoryMb})`, right ? (met ? 'met' : 'MISSED') : 'WRONG OUTCOME']);
  }
  const report = [
    'Hostile inputs (BAD-INPUT.md, built by test/hostile.ts as the unit tests build them): three runs each, ms; peak RSS growth in a process of its own',
    '',
    table(['input', 'first', 'median', 'target', 'peak memory', ''], rows),
  ].join('\n');
  return { ok, report };
}
