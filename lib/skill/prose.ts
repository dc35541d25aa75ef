const HEADING = /^#{1,6}(\s|$)/;

/**
 * The tool's description: the first paragraph of the prose, headings before it skipped,
 * line breaks inside it folded to spaces (SPEC 1.2). Lines are read one at a time, as far
 * as the paragraph goes: a prose may run to hundreds of lines.
 */
export function firstParagraph(prose: string): string {
  const para: string[] = [];
  for (let start = 0; start <= prose.length; ) {
    const end = lineEnd(prose, start);
    // Trimmed, a line loses the `\r` of a `\r\n` too.
    const t = prose.slice(start, end).trim();
    start = end + 1;
    const skip = t === '' || HEADING.test(t);
    if (para.length === 0) {
      if (skip) continue;
    } else if (skip) break;
    para.push(t);
  }
  return para.join(' ');
}

/** 1-based line in the prose where the first paragraph starts, or undefined when there is none. */
export function firstParagraphLine(prose: string): number | undefined {
  let line = 0;
  for (let start = 0; start <= prose.length; ) {
    const end = lineEnd(prose, start);
    const t = prose.slice(start, end).trim();
    start = end + 1;
    line++;
    if (t === '' || HEADING.test(t)) continue;
    return line;
  }
  return undefined;
}

/** Where the line starting at `start` ends: its `\n`, or the end of the text. */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}

const CALL_HEADING = /^##[ \t]+The call[ \t]*$/;
/** An ATX heading of level 1 or 2: what ends a `## The call` section. */
const SECTION_HEADING = /^#{1,2}[ \t]/;

/** A fence that is open at a line: its marker, and where it lives (top level, a list item, a quote). */
interface OpenFence {
  marker: string;
  container: 'top' | 'list' | 'quote';
  /** A list item's content indent. */
  indent: number;
}

const TOP_FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const LIST_FENCE = /^( {0,3}(?:[-+*]|\d{1,9}[.)])( {1,4}))(`{3,}|~{3,})(.*)$/;
const QUOTE_FENCE = /^ {0,3}> ?( {0,3})(`{3,}|~{3,})(.*)$/;

/** Whether `marker` may open a fence before `info` (a backtick fence's info string holds no backtick). */
function opens(marker: string, info: string): boolean {
  return marker[0] === '~' || !info.includes('`');
}

/** Whether `text` (a line, its container's prefix removed) closes a fence opened by `marker`. */
function closes(text: string, marker: string): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(text);
  return m !== null && m[1][0] === marker[0] && m[1].length >= marker.length;
}

/**
 * For each line, whether it is part of a fenced code block (the fence lines included), as
 * CommonMark reads fences at the top level, right after a list marker, or in a block quote
 * (a fence in a list item or quote ends with it). Also the fence still open after the last
 * line, if any. Deeper nesting is read as the top level.
 */
export function fencedLines(lines: readonly string[]): { fenced: boolean[]; open?: OpenFence } {
  const fenced: boolean[] = [];
  let open: OpenFence | undefined;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (open) {
      if (open.container === 'list' && line.trim() !== '' && !line.startsWith(' '.repeat(open.indent))) open = undefined;
      else if (open.container === 'quote' && !/^ {0,3}>/.test(line)) open = undefined;
      else {
        const inner = open.container === 'list' ? line.slice(open.indent) : open.container === 'quote' ? line.replace(/^ {0,3}> ?/, '') : line;
        if (closes(inner, open.marker)) open = undefined;
        fenced.push(true);
        continue;
      }
    }
    let m: RegExpExecArray | null;
    if ((m = TOP_FENCE.exec(line)) && opens(m[2], m[3])) open = { marker: m[2], container: 'top', indent: 0 };
    else if ((m = LIST_FENCE.exec(line)) && opens(m[3], m[4])) open = { marker: m[3], container: 'list', indent: m[1].length };
    else if ((m = QUOTE_FENCE.exec(line)) && opens(m[2], m[3])) open = { marker: m[2], container: 'quote', indent: 0 };
    fenced.push(open !== undefined);
  }
  return { fenced, ...(open ? { open } : {}) };
}

/**
 * The `## The call` section: its 0-based start line and end line (exclusive), or undefined.
 * A heading inside a fenced code block is an example, not the section.
 */
export function findCallSection(prose: string): { start: number; end: number } | undefined {
  // Most prose has no such heading: then no line needs reading.
  if (!prose.includes('The call')) return undefined;
  const lines = prose.split('\n');
  const { fenced } = fencedLines(lines);
  const start = lines.findIndex((l, i) => !fenced[i] && CALL_HEADING.test(l.replace(/\r$/, '')));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && (fenced[end] || !SECTION_HEADING.test(lines[end]))) end++;
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
  return after.length === 0 || after.every((l) => l.trim() === '') ? `${withoutFinalNewlines(joined)}\n` : joined;
}

/**
 * The prose with `section` (a complete `## The call` section) in place of any existing one,
 * appended at the end (SPEC 4.6, export). A fence the prose leaves open at the top level is
 * closed first, so the section is not read as code.
 */
export function replaceCallSection(prose: string, section: string): string {
  const stripped = stripCallSection(prose);
  let base = withoutFinalNewlines(stripped);
  if (base === '') return section;
  // A fence opens with three backticks or tildes: prose without them has none to close.
  const { open } = base.includes('```') || base.includes('~~~') ? fencedLines(base.split('\n')) : {};
  if (open?.container === 'top') base += `\n${open.marker}`;
  return `${base}\n\n${section}`;
}

/**
 * The prose of an exported file with the generated `section` taken off again (SPEC 4.6,
 * import): exactly what `replaceCallSection` appended when the prose ends with it, so
 * export, import and export again give the same bytes whatever the section holds; else
 * (a bundle from another version, a section edited by hand) the `## The call` section.
 */
export function stripGeneratedCallSection(prose: string, section: string): string {
  if (prose === section) return '';
  if (prose.endsWith(`\n\n${section}`)) return `${withoutFinalNewlines(prose.slice(0, prose.length - section.length))}\n`;
  return stripCallSection(prose);
}

/** `text.replace(/\n*$/, '')`, without a regular expression tried at every position of a long prose. */
function withoutFinalNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}
