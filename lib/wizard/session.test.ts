import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convertSpec } from '../convert';
import { loadSpec } from '../openapi';
import { operationTypeNames } from '../publish/publish';
import { checkPackage } from '../rules';
import { parseSkillPackage } from '../skill/package';
import { editFile, openSession, removeOperations, restoreOperations, snapshotSession, summarize } from './session';

const SAMPLE = readFileSync(fileURLToPath(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)), 'utf8');
const FIT = readFileSync(fileURLToPath(new URL('../convert/fixtures/fit/openapi.yaml', import.meta.url)), 'utf8');

describe('openSession', () => {
  it('takes the operation files a conversion read as they are, and gives what parsing them again gives', async () => {
    const loaded = await loadSpec([{ path: 'hollowbrook.openapi.yaml', text: SAMPLE }]);
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const result = convertSpec(loaded.value, {});
    const origin = { kind: 'spec' as const, name: 'hollowbrook.openapi.yaml' };
    const reused = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report, read: result.read });
    const parsed = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report });
    expect(reused.pkg.operations.length).toBeGreaterThan(0);
    for (const op of reused.pkg.operations) expect(op).toBe(result.read.get(op.file));
    expect(summarize(reused)).toEqual(summarize(parsed));
    expect(reused.check.problems).toEqual(parsed.check.problems);
    expect(snapshotSession(reused)).toEqual(snapshotSession(parsed));
  });
});

describe('openSession with the conversion\'s facts', () => {
  const origin = { kind: 'spec' as const, name: 'openapi.yaml' };
  async function converted(fit: boolean) {
    const loaded = await loadSpec([{ path: 'openapi.yaml', text: FIT }]);
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    return convertSpec(loaded.value, { fit });
  }
  const sizeErrors = (problems: readonly { ruleId: string; severity: string; file: string }[]) =>
    problems.filter((p) => p.ruleId === 'expanded-size' && p.severity === 'error').map((p) => p.file);

  it('gives the problems a check without them gives, fitted or not', async () => {
    for (const fit of [true, false]) {
      const result = await converted(fit);
      const session = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report, read: result.read, converted: result.converted });
      expect(session.check.options?.converted).toBe(result.converted);
      expect(session.check.problems).toEqual(checkPackage(parseSkillPackage({ folder: result.folder, files: result.files })));
    }
  });

  // Facts that claim an operation over the limit is within it show whether the rules took them, and where.
  it('are taken for the conversion\'s own files while types.json is as written, and for nothing else', async () => {
    const result = await converted(false);
    const over = sizeErrors(checkPackage(parseSkillPackage({ folder: result.folder, files: result.files })));
    expect(over.length).toBeGreaterThan(1);
    const lie = { ...result.converted, withinLimits: new Set([...result.converted.withinLimits, ...over.map((f) => result.read.get(f)!)]) };
    const session = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report, read: result.read, converted: lie });
    expect(sizeErrors(session.check.problems)).toEqual([]);
    // Without the conversion's parsed files the facts hold for nothing.
    expect(sizeErrors(openSession({ folder: result.folder, files: result.files }, origin, { converted: lie }).check.problems)).toEqual(over);

    // An edited file is measured again; the others keep their results (the same arrays: reused).
    const edited = editFile(session, over[0], `${result.files.get(over[0])}\nMore prose.\n`);
    expect(sizeErrors(edited.check.problems)).toEqual([over[0]]);
    const untouched = edited.pkg.operations.find((o) => o.file === over[1])!;
    expect(edited.check.files.get(untouched)).toBe(session.check.files.get(untouched));

    // types.json edited (each type described once more): the facts no longer hold, and the files that see the types are measured.
    const types = result.files.get('types.json')!;
    const changed = JSON.parse(types) as Record<string, Record<string, unknown>>;
    for (const schema of Object.values(changed)) schema.description = 'Changed.';
    const retyped = editFile(session, 'types.json', JSON.stringify(changed));
    const seeTypes = over.filter((f) => operationTypeNames(result.read.get(f)!).length > 0);
    expect(seeTypes.length).toBeGreaterThan(0);
    expect(sizeErrors(retyped.check.problems)).toEqual(expect.arrayContaining(seeTypes));
    // And back as written: they hold again.
    expect(sizeErrors(editFile(retyped, 'types.json', types).check.problems)).toEqual([]);

    // Curation that prunes types.json (Sample, which only create_samples used) changes its text,
    // so the facts no longer hold; each file left keeps its result, as no type it sees changed.
    expect(over).toContain('create_samples.md');
    const curated = removeOperations(session, ['create_samples.md']);
    expect([...curated.prunedTypes.keys()]).toEqual(['Sample']);
    expect(curated.pkg.types?.text).not.toBe(types);
    expect(sizeErrors(curated.check.problems)).toEqual([]);
    const kept = curated.pkg.operations.find((o) => o.file === over[1])!;
    expect(curated.check.files.get(kept)).toBe(session.check.files.get(kept));
  });
});

describe('putting removed operations back', () => {
  const origin = { kind: 'spec' as const, name: 'openapi.yaml' };
  async function session() {
    const loaded = await loadSpec([{ path: 'openapi.yaml', text: FIT }]);
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const result = convertSpec(loaded.value, {});
    return openSession({ folder: result.folder, files: result.files }, origin, { report: result.report, read: result.read, converted: result.converted });
  }
  const fresh = (s: Awaited<ReturnType<typeof session>>) => checkPackage(parseSkillPackage({ folder: s.pkg.folder, files: new Map(Object.entries(Object.fromEntries(snapshotSession(s).files))) }));

  it('gives back the files as they were read, with the problems a full check gives, reusing their results', async () => {
    const start = await session();
    const all = start.pkg.operations.map((o) => o.file);
    const out = removeOperations(removeOperations(start, all.slice(0, 2)), all.slice(2));
    expect(out.pkg.operations).toEqual([]);
    const back = restoreOperations(out, all);
    expect(snapshotSession(back)).toEqual(snapshotSession(start));
    expect(back.check.problems).toEqual(start.check.problems);
    for (const op of start.pkg.operations) {
      const again = back.pkg.operations.find((o) => o.file === op.file)!;
      expect(again).toBe(op);
      // A file that names no shared type saw none come back: its results are the ones it had.
      if (operationTypeNames(op).length === 0) expect(back.check.files.get(again)).toBe(start.check.files.get(op));
    }
  });

  it('checks them again once types.json was edited while they were out', async () => {
    const start = await session();
    const file = start.pkg.operations.find((o) => operationTypeNames(o).length === 0)!.file;
    const out = removeOperations(start, [file]);
    const types = JSON.parse(out.pkg.types!.text) as Record<string, Record<string, unknown>>;
    for (const schema of Object.values(types)) schema.description = 'Changed.';
    const edited = editFile(out, 'types.json', JSON.stringify(types, null, 2));
    const back = restoreOperations(edited, [file]);
    expect(back.removedChecks).toBeUndefined();
    expect(back.check.problems).toEqual(fresh(back));
    const op = back.pkg.operations.find((o) => o.file === file)!;
    expect(back.check.files.get(op)).not.toBe(start.check.files.get(op));
  });
});
