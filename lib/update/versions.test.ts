import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecUpload } from '../../cli/read-spec';
import { convertSpec } from '../convert/convert';
import type { SpecInput } from '../convert/model';
import { curateConversion } from '../curate/curate';
import { removeOperations } from '../curate/remove';
import { loadSpec } from '../openapi';
import { checkPackage } from '../rules';
import { packageFiles, parseSkillPackage } from '../skill/package';
import { updateSkill } from './update';

/** Real pairs of versions of vendor specs (third-party data, read in place). */
const VERSIONS = '/work/shared/specs-versions';
const present = existsSync(join(VERSIONS, 'MANIFEST.tsv'));
const pairs = present
  ? readFileSync(join(VERSIONS, 'MANIFEST.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .map(([name, entry]) => ({ name, entry }))
  : [];

async function load(path: string): Promise<{ spec: SpecInput; sha256?: string }> {
  const upload = await readSpecUpload(path);
  if (!upload.ok) throw new Error(upload.problems.map((p) => p.message).join('\n'));
  const loaded = await loadSpec(upload.value.files, { entry: upload.value.entry, validate: false });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  return { spec: loaded.value, sha256: upload.value.entrySha256?.hex };
}

const EDIT = 'Edited here: check the account first.';
const errors = (files: Map<string, string>, folder: string) =>
  checkPackage(parseSkillPackage({ folder, files }))
    .filter((p) => p.severity === 'error')
    .map((p) => p.ruleId);

describe.skipIf(!present)('updating a curated, edited skill to the next real version', () => {
  for (const { name, entry } of pairs) {
    it(name, async () => {
      const from = await load(join(VERSIONS, name, 'old', entry));
      const to = await load(join(VERSIONS, name, 'new', entry));
      // Curated by rule (deprecated left out), then three operations removed by hand.
      const curation = { excludeDeprecated: true };
      const old = curateConversion(convertSpec(from.spec, { sha256: from.sha256, curation }), curation).result;
      const ops = [...old.files.keys()].filter((f) => f !== 'SKILL.md' && f !== 'types.json');
      const removed = [ops[1], ops[2], ops[3]];
      const skill = packageFiles(removeOperations(parseSkillPackage({ folder: old.folder, files: old.files }), removed).pkg);
      // Prose added to every seventh operation kept.
      const edited = ops.filter((f, i) => i % 7 === 0 && !removed.includes(f));
      for (const f of edited) skill.files.set(f, skill.files.get(f)!.replace(/\n---\n/, `\n---\n${EDIT}\n\n`));

      const up = updateSkill({ skill, from: from.spec, to: to.spec, fromSha256: from.sha256, toSha256: to.sha256, settle: 'mine' });
      expect(up.problems).toEqual([]);
      const newer = curateConversion(convertSpec(to.spec, { sha256: to.sha256, curation }), curation).result;

      // An edit whose lines did not change upstream is there byte for byte.
      for (const f of edited) {
        if (!up.files.has(f) || newer.files.get(f) !== old.files.get(f)) continue;
        expect(up.files.get(f), f).toBe(skill.files.get(f));
      }
      // The filters decide: every operation added upstream is kept, and declared when the generation declares it.
      const declared = new Set(newer.report.declared.map((d) => d.file));
      for (const a of up.report.added) {
        expect(a.kept, a.operation).toBe(true);
        expect(up.files.has(`${a.operation}.md`), a.operation).toBe(true);
        if (declared.has(`${a.operation}.md`)) expect(up.files.get(`${a.operation}.md`)!.startsWith('---\noperation:'), a.operation).toBe(true);
      }
      // Removed upstream: gone and reported; removed by hand: still gone.
      for (const r of up.report.removed) expect(up.files.has(`${r.operation}.md`), r.operation).toBe(false);
      for (const f of removed) expect(up.report.added.some((a) => `${a.operation}.md` === f)).toBe(false);
      // Stripe's newer version drops operations the older had (MANIFEST.tsv: 38).
      if (name === 'stripe') expect(up.report.removed.length).toBeGreaterThan(0);
      // The publish rules: no error the newer spec's own generation does not have.
      const mine = errors(up.files, old.folder);
      const theirs = errors(newer.files, newer.folder);
      for (const rule of new Set(mine)) expect(mine.filter((r) => r === rule).length, rule).toBeLessThanOrEqual(theirs.filter((r) => r === rule).length);
      // Deterministic.
      const again = updateSkill({ skill, from: from.spec, to: to.spec, fromSha256: from.sha256, toSha256: to.sha256, settle: 'mine' });
      expect([...again.files]).toEqual([...up.files]);
    }, 120_000);
  }
});
