/**
 * The tool's description: the first paragraph of the prose, headings before it skipped,
 * line breaks inside it folded to spaces (SPEC 1.2).
 */
export function firstParagraph(prose: string): string {
  const lines = prose.split(/\r?\n/);
  let i = 0;
  while (i < lines.length && (lines[i].trim() === '' || /^#{1,6}(\s|$)/.test(lines[i].trim()))) i++;
  const para: string[] = [];
  while (i < lines.length && lines[i].trim() !== '' && !/^#{1,6}(\s|$)/.test(lines[i].trim())) {
    para.push(lines[i].trim());
    i++;
  }
  return para.join(' ');
}

/** 1-based line in the prose where the first paragraph starts, or undefined when there is none. */
export function firstParagraphLine(prose: string): number | undefined {
  const lines = prose.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '' || /^#{1,6}(\s|$)/.test(t)) continue;
    return i + 1;
  }
  return undefined;
}

const CALL_HEADING = /^##[ \t]+The call[ \t]*$/;

/** The `## The call` section: its 0-based start line and end line (exclusive), or undefined. */
export function findCallSection(prose: string): { start: number; end: number } | undefined {
  const lines = prose.split('\n');
  const start = lines.findIndex((l) => CALL_HEADING.test(l.replace(/\r$/, '')));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^#{1,2}[ \t]/.test(lines[end])) end++;
  return { start, end };
}

/** The prose with its `## The call` section removed (SPEC 4.6, import). */
export function stripCallSection(prose: string): string {
  const section = findCallSection(prose);
  if (!section) return prose;
  const lines = prose.split('\n');
  const before = lines.slice(0, section.start);
  const after = lines.slice(section.end);
  // Drop the blank line that separated the section from what came before it.
  while (before.length > 0 && before[before.length - 1].trim() === '' && (after.length === 0 || after.every((l) => l.trim() === ''))) before.pop();
  const joined = [...before, ...after].join('\n');
  return after.length === 0 || after.every((l) => l.trim() === '') ? `${joined.replace(/\n*$/, '')}\n` : joined;
}

/** The prose with `section` (a complete `## The call` section) in place of any existing one, or appended. */
export function replaceCallSection(prose: string, section: string): string {
  const stripped = stripCallSection(prose);
  const base = stripped.replace(/\n*$/, '');
  return base === '' ? section : `${base}\n\n${section}`;
}
