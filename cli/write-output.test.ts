import { describe, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './command';
import { eachLimited, isSkillFileName, removeAbandonedStages, writeSkillFolder } from './write-output';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('eachLimited', () => {
  it('runs every item, never more than the limit at once', async ({ expect }) => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([...Array(50).keys()], 4, async (i) => {
      most = Math.max(most, ++running);
      await tick();
      running--;
      done.push(i);
    });
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
  });

  it('starts nothing after a failure and throws it once every started item has settled', async ({ expect }) => {
    const started: number[] = [];
    let settled = 0;
    const run = eachLimited([...Array(20).keys()], 3, async (i) => {
      started.push(i);
      await tick();
      settled++;
      if (i === 4) throw new Error('disk full');
    });
    await expect(run).rejects.toThrow('disk full');
    expect(settled).toBe(started.length);
    expect(started.length).toBeLessThan(10);
  });
});

describe('isSkillFileName', () => {
  it.for([
    ['SKILL.md', true],
    ['types.json', true],
    ['list_rooms.md', true],
    ['notes.txt', false],
    ['.hidden.md', false],
    ['tools.json', false],
  ] as const)('%s: %s', ([name, expected], { expect }) => {
    expect(isSkillFileName(name)).toBe(expected);
  });
});

describe('removeAbandonedStages', () => {
  it('removes the hidden folders of a killed run on the same --out, keeping a running one\'s and anything else', ({ expect }) => {
    const out = mkdtempSync(join(tmpdir(), 'skill-stages-'));
    try {
      for (const name of ['.pets.tmp-999999-abc123', '.pets.tmp-999999-abc123-old', '.pets.tmp-4242-xyz789', '.pets.tmp-notes', '.other.tmp-999999-abc123', 'pets']) mkdirSync(join(out, name));
      writeFileSync(join(out, '.pets.tmp-999999-abc123', 'a.md'), 'x');
      const removed = removeAbandonedStages(out, 'pets', (pid) => pid === 4242);
      expect(removed.sort()).toEqual(['.pets.tmp-999999-abc123', '.pets.tmp-999999-abc123-old']);
      expect(readdirSync(out).sort()).toEqual(['.other.tmp-999999-abc123', '.pets.tmp-4242-xyz789', '.pets.tmp-notes', 'pets']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

// BAD-INPUT 48: the run that lost a race to put the same skill in place printed a raw ENOTEMPTY.
describe('writeSkillFolder racing another run', () => {
  it('says in one line that another run wrote the skill, and leaves that run\'s skill and no hidden folder', async ({ expect }) => {
    const out = mkdtempSync(join(tmpdir(), 'skill-race-'));
    try {
      const files = (tag: string) => new Map(Array.from({ length: 200 }, (_, i) => [`op${i}.md`, tag]));
      // Each writes 64 files, then yields: both find no skill folder, and both rename theirs into
      // place at once. Which rename the file system takes first is its choice; the other loses.
      const runs = await Promise.allSettled([writeSkillFolder(out, 'pets', files('first'), { force: true }), writeSkillFolder(out, 'pets', files('second'), { force: true })]);
      const won = runs.findIndex((r) => r.status === 'fulfilled');
      expect(runs.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lost = runs[1 - won];
      expect(lost.status === 'rejected' && lost.reason).toEqual(new UsageError(`${join(out, 'pets')} was written by another run while this one worked; nothing of this run was put in place: run it again (with --force to replace that skill)`));
      expect(readdirSync(out)).toEqual(['pets']);
      expect(readFileSync(join(out, 'pets', 'op0.md'), 'utf8')).toBe(won === 0 ? 'first' : 'second');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
