import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_OPERATIONS } from './convert/operation-count';
import { generateSkill } from './generate';
import { manyOperationsText } from '../test/many-operations';

const spec = manyOperationsText({ tags: 3, actions: 10 });
const upload = { files: [{ path: 'many.json', text: spec }] };

describe('generateSkill, the one pipeline of the CLI and the wizard', () => {
  it('loads, converts and curates by rule, recording the curation in SKILL.md', async () => {
    const all = await generateSkill(upload, { bundleLimit: true });
    const curated = await generateSkill(upload, { bundleLimit: true, curation: { includeTags: ['payments'], excludeDeprecated: true } });
    if (!all.ok || !curated.ok) throw new Error('not generated');
    const kept = curated.value.result.report.declared.length + curated.value.result.report.proseOnly.length;
    const whole = all.value.result.report.declared.length + all.value.result.report.proseOnly.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(whole);
    expect(curated.value.result.report.leftOut.length).toBe(whole - kept);
    expect(curated.value.result.files.get('SKILL.md')).toContain('generated-with: "{\\"includeTags\\":[\\"payments\\"],\\"excludeDeprecated\\":true}"');
    expect(all.value.result.files.get('SKILL.md')).not.toMatch(/generated-with/);
  });

  it("says what the curation's choices found nothing for", async () => {
    const r = await generateSkill(upload, { bundleLimit: false, curation: { includeTags: ['payments', 'nothing-has-this'] } });
    if (!r.ok) throw new Error('not generated');
    expect(r.value.curationProblems.map((p) => p.message).join('\n')).toContain('nothing-has-this');
  });

  it("takes the caller's digest of the entry's text, and makes its own without one", async () => {
    const given = await generateSkill(upload, { bundleLimit: false, sha256: async (text) => (text === spec ? 'ab'.repeat(32) : undefined) });
    const own = await generateSkill(upload, { bundleLimit: false });
    if (!given.ok || !own.ok) throw new Error('not generated');
    expect(given.value.result.files.get('SKILL.md')).toMatch(new RegExp(`source-sha256: "?${'ab'.repeat(32)}"?\n`));
    expect(own.value.result.files.get('SKILL.md')).toMatch(/source-sha256: "?[0-9a-f]{64}"?\n/);
    expect(own.value.result.files.get('SKILL.md')).not.toContain('ab'.repeat(32));
  });

  it('refuses a spec that cannot be loaded, with its problems, and one past what a bundle holds only under the bundle limit', async () => {
    const broken = await generateSkill({ files: [{ path: 'api.yaml', text: 'openapi: 3.0.3\npaths: [' }] }, { bundleLimit: false });
    expect(broken.ok).toBe(false);
    expect(broken.problems.length).toBeGreaterThan(0);
    const big = { files: [{ path: 'big.json', text: manyOperationsText({ tags: 6, actions: Math.ceil(MAX_BUNDLE_OPERATIONS / 6) }) }] };
    const limited = await generateSkill(big, { bundleLimit: true });
    expect(limited.ok).toBe(false);
    expect(limited.problems.map((p) => p.ruleId)).toEqual(['too-many-operations']);
  });
});
