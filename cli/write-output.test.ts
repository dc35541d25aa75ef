import { describe, it } from 'vitest';
import { eachLimited, isSkillFileName } from './write-output';

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
