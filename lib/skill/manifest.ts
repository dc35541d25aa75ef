import { problem, type Problem } from '../core/problem';
import { isPlainObject } from '../core/entries';
import { parseFrontmatter, splitFrontmatter, type Frontmatter, type Position } from './frontmatter';
import { yamlScalar } from './yaml-write';

export const MANIFEST_FILE = 'SKILL.md';

/** SPEC 1.1: a skill name is `a-z`, `0-9` and single `-` between them, at most 64 characters. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME = 64;

export function isSkillName(name: string): boolean {
  return name.length <= MAX_SKILL_NAME && SKILL_NAME_PATTERN.test(name);
}
export const MANIFEST_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata'] as const;

export interface ManifestEntry {
  name: string;
  description: string;
  /** 1-based line in SKILL.md. */
  line: number;
}

export interface Manifest {
  file: string;
  text: string;
  frontmatter?: Frontmatter;
  data: Record<string, unknown>;
  prose: string;
  /** The `## Operations` list, or undefined when the manifest has no such section. */
  operations?: ManifestEntry[];
  operationsLine?: number;
  problems: Problem[];
  position(pointer: string): Position;
}

/** Read SKILL.md (SPEC 1.1). */
export function parseManifest(text: string): Manifest {
  const file = MANIFEST_FILE;
  const split = splitFrontmatter(text);
  const problems: Problem[] = [];
  let frontmatter: Frontmatter | undefined;
  let data: Record<string, unknown> = {};
  if (split.unterminated) problems.push(problem('frontmatter', 'error', 'The frontmatter opened with `---` is never closed by a `---` line', file, { line: 1, column: 1 }));
  if (split.yaml !== null) {
    frontmatter = parseFrontmatter(split.yaml, file, split.yamlStartLine);
    problems.push(...frontmatter.problems);
    if (isPlainObject(frontmatter.data)) data = frontmatter.data;
    else if (frontmatter.data != null) problems.push(problem('frontmatter', 'error', 'The frontmatter must be a YAML mapping', file, { line: 2, column: 1 }));
  }
  const proseStartLine = text.slice(0, text.length - split.prose.length).split('\n').length;
  const { entries, headingLine } = readOperationsList(split.prose);
  return {
    file,
    text,
    frontmatter,
    data,
    prose: split.prose,
    operations: entries,
    operationsLine: headingLine === undefined ? undefined : headingLine + proseStartLine - 1,
    problems,
    position: (pointer) => (frontmatter ? frontmatter.keyPosition(pointer) : { line: 1, column: 1 }),
  };

  function readOperationsList(prose: string): { entries?: ManifestEntry[]; headingLine?: number } {
    const lines = prose.split('\n');
    const start = lines.findIndex((l) => /^##[ \t]+Operations[ \t]*\r?$/.test(l));
    if (start < 0) return {};
    const found: ManifestEntry[] = [];
    for (let i = start + 1; i < lines.length && !/^#{1,2}[ \t]/.test(lines[i]); i++) {
      const m = /^[-*][ \t]+`([^`]+)`[ \t]*(?::[ \t]*(.*))?$/.exec(lines[i].replace(/\r$/, ''));
      if (m) found.push({ name: m[1], description: (m[2] ?? '').trim(), line: i + proseStartLine });
    }
    return { entries: found, headingLine: start + 1 };
  }
}

export interface ManifestModel {
  name: string;
  description: string;
  metadata?: Record<string, string>;
  title: string;
  /** Markdown paragraphs after the title (from info.description). */
  intro?: string;
  /** The Authentication section's body, without its heading. */
  authentication?: string;
  operations: { name: string; description: string }[];
}

/** Write SKILL.md as the wizard generates it. */
export function writeManifest(m: ManifestModel): string {
  const fm = ['---', `name: ${yamlScalar(m.name)}`, `description: ${yamlScalar(m.description)}`];
  const meta = m.metadata ? Object.keys(m.metadata) : [];
  if (meta.length > 0) {
    fm.push('metadata:');
    for (const k of meta) fm.push(`  ${yamlScalar(k)}: ${yamlScalar(m.metadata![k])}`);
  }
  fm.push('---');
  const parts = [`# ${oneLine(m.title)}`];
  if (m.intro?.trim()) parts.push(m.intro.trim());
  if (m.authentication?.trim()) parts.push(`## Authentication\n${m.authentication.trim()}`);
  parts.push(
    `## Operations\n${m.operations.map((o) => `- \`${o.name}\`${o.description ? `: ${oneLine(o.description)}` : ''}`).join('\n')}`,
  );
  return `${fm.join('\n')}\n${parts.join('\n\n')}\n`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
