import { describe, expect, it } from 'vitest';
import { problem } from './problem';
import { byWeight, groupProblems } from './problem-groups';

const url = (u: string, file: string) => problem('operation-url', 'error', `\`${u}\` is not an absolute URL: give the API's base URL (\`https://…\`)`, file, { line: 4, column: 8 });
const same = (d: string, other: string, file: string) => problem('description-quality', 'warning', `The tool's description "${d}" is the same as \`${other}\`'s`, file);

describe('groupProblems', () => {
  it('groups by rule and exact message when not asked for shapes (the report keeps its groups)', () => {
    const groups = groupProblems([url('/a', 'a.md'), url('/b', 'b.md'), url('/a', 'c.md')]);
    expect(groups.map((g) => g.problems.map((p) => p.file))).toEqual([['a.md', 'c.md'], ['b.md']]);
    expect(groups[0].message).toBe("`/a` is not an absolute URL: give the API's base URL (`https://…`)");
  });

  it('groups by shape: the quoted parts that differ become …, the ones all share stay', () => {
    const groups = groupProblems([url('/a', 'a.md'), same('get x', 'b', 'a.md'), url('/b', 'b.md'), same('get y', 'c', 'd.md'), url('/c', 'c.md')], { byShape: true });
    expect(groups.map((g) => [g.ruleId, g.message, g.problems.length])).toEqual([
      ['operation-url', "`…` is not an absolute URL: give the API's base URL (`https://…`)", 3],
      ['description-quality', 'The tool\'s description "…" is the same as `…`\'s', 2],
    ]);
  });

  it('keeps a lone problem as it is, and a group with an error is an error', () => {
    const groups = groupProblems([problem('r', 'warning', 'one `x`', 'a.md'), problem('r', 'error', 'one `y`', 'b.md'), problem('q', 'warning', 'lone `z`', 'c.md')], { byShape: true });
    expect(groups.map((g) => [g.severity, g.message])).toEqual([
      ['error', 'one `…`'],
      ['warning', 'lone `z`'],
    ]);
  });
});

describe('byWeight', () => {
  it('puts errors first, then the largest groups, ties in their order', () => {
    const groups = groupProblems([problem('w', 'warning', 'w', 'a'), problem('w', 'warning', 'w', 'b'), problem('e1', 'error', 'e1', 'a'), problem('e2', 'error', 'e2', 'a'), problem('e2', 'error', 'e2', 'b'), problem('v', 'warning', 'v', 'a')]);
    expect(byWeight(groups).map((g) => g.ruleId)).toEqual(['e2', 'e1', 'w', 'v']);
  });
});
