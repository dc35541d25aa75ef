import type { PackageRule, RuleProblem } from './rule';

/**
 * SPEC 1.1: the `## Operations` list names every operation file by its base name, and
 * nothing else. Each entry without a file is reported at its line; each file missing from
 * the list at the list's heading (where it would be added).
 */
export const manifestOperations: PackageRule = {
  id: 'manifest-operations',
  scope: 'package',
  check(pkg) {
    const m = pkg.manifest;
    if (!m) return [];
    const problems: RuleProblem[] = [];
    if (!m.operations) {
      if (pkg.operations.length > 0) {
        const line = m.text.slice(0, m.text.length - m.prose.length).split('\n').length;
        problems.push({ message: 'SKILL.md has no `## Operations` list naming the operation files', file: m.file, line, column: 1 });
      }
      return problems;
    }
    const files = new Set(pkg.operations.map((o) => o.baseName));
    const listed = new Set<string>();
    for (const entry of m.operations) {
      if (listed.has(entry.name)) {
        problems.push({ message: `\`${entry.name}\` is listed twice in Operations`, file: m.file, line: entry.line, column: 1 });
        continue;
      }
      listed.add(entry.name);
      if (!files.has(entry.name)) problems.push({ message: `\`${entry.name}\` is in Operations but there is no \`${entry.name}.md\``, file: m.file, line: entry.line, column: 1 });
    }
    for (const op of pkg.operations) {
      if (!listed.has(op.baseName)) {
        problems.push({ message: `\`${op.baseName}\` (\`${op.file}\`) is not in SKILL.md's Operations list`, file: m.file, line: m.operationsLine, column: 1 });
      }
    }
    return problems;
  },
};
