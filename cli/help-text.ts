/**
 * Help text fitted to a terminal's width. The commands write their help as it reads best
 * in the source; what is printed is wrapped again where a line would not fit.
 */

/** What `--help` prints fits in this many columns. */
export const HELP_WIDTH = 80;

/**
 * `text` with each paragraph and each option's description that has a line over `width`
 * wrapped again at spaces: a paragraph is lines at column 0; an option is an indented line
 * starting with `-`, its description being what follows a gap of two spaces or more (or,
 * for an option alone on its line, the lines indented under it), continued at that column.
 * Those within the width keep their author's line breaks, and anything else (an indented
 * example, a blank line) is kept as written.
 */
export function fitHelp(text: string, width = HELP_WIDTH): string {
  const lines = text.split('\n');
  const out: string[] = [];
  const indentOf = (line: string) => line.length - line.trimStart().length;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (line.trim() !== '' && indentOf(line) === 0) {
      let end = i + 1;
      while (end < lines.length && lines[end].trim() !== '' && indentOf(lines[end]) === 0) end++;
      out.push(...refit(lines.slice(i, end), '', '', width));
      i = end;
      continue;
    }
    const option = /^( +-.*?\S)( {2,})(?=\S)/.exec(line);
    if (option || /^ +-/.test(line)) {
      // The description's column: after the gap on this line, or (the option alone on its line) the indent of the line under it.
      const alone = option === null;
      const next = lines[i + 1] ?? '';
      const column = !alone ? option[0].length : next.trim() !== '' && indentOf(next) > indentOf(line) ? indentOf(next) : undefined;
      if (column === undefined) {
        out.push(line);
        i++;
        continue;
      }
      const start = alone ? i + 1 : i;
      let end = start + 1;
      while (end < lines.length && lines[end].trim() !== '' && indentOf(lines[end]) >= column) end++;
      const described = lines.slice(start, end);
      const texts = described.map((l, k) => (k === 0 && !alone ? l.slice(column) : l.trimStart()));
      if (alone) out.push(line);
      out.push(...refit(texts, alone ? ' '.repeat(column) : line.slice(0, column), ' '.repeat(column), width, described));
      i = end;
      continue;
    }
    out.push(line);
    i++;
  }
  return out.join('\n');
}

/** `texts` (lines without their column) wrapped at spaces, the first under `first` and the rest under `rest`; `original` kept instead when all of it fits. */
function refit(texts: string[], first: string, rest: string, width: number, original: string[] = texts): string[] {
  if (original.every((l) => l.length <= width)) return original;
  const words = texts.join(' ').split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  let current = first;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current);
      current = rest;
      empty = true;
    }
    current += empty ? word : ` ${word}`;
    empty = false;
  }
  out.push(current);
  return out;
}

/**
 * A usage line (`Usage: skill-wizard convert <spec> --out <folder> [--name <skill>] …`)
 * wrapped between its parts (a bracketed option, an `<argument>`, each with the `…` of a
 * repeatable one, or a word), the lines after the first under its first argument.
 */
export function fitUsage(prefix: string, usage: string, width = HELP_WIDTH): string {
  const parts = usage.match(/\[[^\]]*\]\u2026?|<[^>]*>\u2026?|\S+/g) ?? [];
  const [command, ...rest] = parts;
  const indent = ' '.repeat(prefix.length + (command?.length ?? 0) + 1);
  const out: string[] = [];
  let current = `${prefix}${command ?? ''}`;
  for (const part of rest) {
    if (current.length + 1 + part.length > width && current.length > indent.length) {
      out.push(current);
      current = `${indent}${part}`;
    } else current += ` ${part}`;
  }
  out.push(current);
  return out.join('\n');
}
