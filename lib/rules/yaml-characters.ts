import { lineIndex, lineStarts } from '../core/lines';
import { splitFrontmatter } from '../skill/frontmatter';
import { YAML_UNPORTABLE } from '../skill/yaml-write';
import type { FileRule, RuleProblem } from './rule';

const ALL = new RegExp(YAML_UNPORTABLE.source, 'g');
/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;

/**
 * Characters in the frontmatter that YAML 1.2 does not allow unescaped (DEL, the C1
 * controls such as U+0092 left by a mis-encoded quote, U+FFFE, U+FFFF), or that some parsers
 * read as a line break or refuse (U+0085, U+2028, U+2029, a byte-order mark). This project's
 * parser reads them, PyYAML and the platform's refuse the whole file. The generator writes
 * them as `\uXXXX` escapes; this catches a hand-written or pasted one. Operation files and
 * SKILL.md are checked; the prose after the frontmatter is markdown, not YAML.
 */
export const yamlCharacters: FileRule = {
  id: 'yaml-characters',
  scope: 'file',
  check(op) {
    return places(op.split.yaml, op.split.yamlStartLine, op.file);
  },
  checkPackage(pkg) {
    if (!pkg.manifest) return [];
    const split = splitFrontmatter(pkg.manifest.text);
    return places(split.yaml, split.yamlStartLine, pkg.manifest.file);
  },
};

function places(yaml: string | null, startLine: number, file: string): RuleProblem[] {
  if (yaml === null || !YAML_UNPORTABLE.test(yaml)) return [];
  const starts = lineStarts(yaml);
  const problems: RuleProblem[] = [];
  let count = 0;
  for (const m of yaml.matchAll(ALL)) {
    count++;
    if (count > MAX_PLACES) continue;
    const i = lineIndex(starts, m.index);
    const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    problems.push({
      message: `U+${code} (${nameOf(m[0])}) in the frontmatter is refused by YAML parsers other than this one: write it as \`\\u${code.toLowerCase()}\` inside a double-quoted string, or delete it`,
      file,
      line: startLine + i,
      column: m.index - starts[i] + 1,
    });
  }
  if (count > MAX_PLACES) problems[MAX_PLACES - 1].message += ` (and ${count - MAX_PLACES} more such characters in this file)`;
  return problems;
}

function nameOf(c: string): string {
  const code = c.charCodeAt(0);
  if (code === 0x7f) return 'the control character DEL';
  if (code === 0x85) return 'NEXT LINE, a line break to some parsers';
  if (code >= 0x80 && code <= 0x9f) return 'a C1 control character, often a mis-encoded quote or dash';
  if (code === 0x2028 || code === 0x2029) return 'a Unicode line or paragraph separator';
  if (code === 0xfeff) return 'a byte-order mark';
  return 'a noncharacter';
}
