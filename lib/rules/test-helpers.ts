/**
 * Table-driven rule tests in the style of Spectral's `testRule`: each case is a small
 * package of inline files and the exact problems one rule reports on it.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../core/problem';
import { parseSkillPackage, type SkillPackage } from '../skill/package';
import { checkPackage } from './index';
import type { RuleId } from './severity';

export interface ExpectedProblem {
  /** Exact text, or a pattern it must match. */
  message?: string | RegExp;
  severity?: Problem['severity'];
  file?: string;
  line?: number;
  column?: number;
  pointer?: string;
}

export interface RuleCase {
  /** The `it` title: "reports … when …" / "passes when …". */
  name: string;
  /** File path inside the skill folder to text. */
  files: Record<string, string>;
  /** The skill folder's name (default `petstore`). */
  folder?: string;
  /** Every problem the rule reports, in sorted order; `[]` for a package that passes. */
  expected: ExpectedProblem[];
}

/** The package a case's files make. */
export function packageOf(files: Record<string, string>, folder = 'petstore'): SkillPackage {
  return parseSkillPackage({ folder, files: new Map(Object.entries(files)) });
}

/** The problems of one rule on a package, as `checkPackage` reports them. */
export function problemsOf(ruleId: RuleId, files: Record<string, string>, folder?: string): Problem[] {
  return checkPackage(packageOf(files, folder), { rules: [ruleId] });
}

/** One `describe(ruleId)` with one `it` per case, comparing the rule's problems with the expected ones. */
export function testRule(ruleId: RuleId, cases: RuleCase[]): void {
  describe(ruleId, () => {
    for (const c of cases) {
      it(c.name, () => {
        const got = problemsOf(ruleId, c.files, c.folder);
        const want = c.expected.map((e) => {
          const m: Record<string, unknown> = { ruleId };
          for (const [k, v] of Object.entries(e)) if (v !== undefined) m[k] = v instanceof RegExp ? expect.stringMatching(v) : v;
          return expect.objectContaining(m);
        });
        expect(got).toEqual(want);
      });
    }
  });
}

/** An operation file: frontmatter YAML (without fences) and prose. */
export function md(yaml: string, prose = 'Do the thing.\n'): string {
  return `---\n${yaml.replace(/^\n/, '').replace(/\n?$/, '\n')}---\n${prose}`;
}

/**
 * An operation file in schema form: the operation block's other keys as YAML lines, and the
 * schema as a value written the way the wizard writes it (`schema: |` and indented JSON).
 */
export function schemaFile(head: string, schema: unknown, tail = '', prose = 'Do the thing.\n'): string {
  const json = JSON.stringify(schema, null, 2).split('\n').map((l) => `    ${l}`).join('\n');
  return md(`operation:\n${head.replace(/\n?$/, '\n')}  schema: |\n${json}\n${tail}`, prose);
}

/** A SKILL.md naming `operations` in its list. */
export function manifest(name: string, operations: string[], description = 'Pets: list, create and look up pets.'): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# Title\n\n## Operations\n${operations.map((o) => `- \`${o}\`: Does ${o}.`).join('\n')}\n`;
}

/** A `GET` operation file with more keys of its operation block (YAML lines) after the URL. */
export function getFile(extra: string): string {
  return md(`operation:\n  method: GET\n  url: https://p.example/pets\n${extra}`);
}

/** `returns` written the way the wizard writes it (`returns: |` and indented JSON). */
export function returnsBlock(schema: unknown): string {
  return `  returns: |\n${JSON.stringify(schema, null, 2).split('\n').map((l) => `    ${l}`).join('\n')}\n`;
}
