import { describe, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eachLimited, isSkillFileName, removeAbandonedStages } from './write-output';

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
