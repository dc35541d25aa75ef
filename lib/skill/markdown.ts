import { LONE_SURROGATE, toWellFormed } from '../core/well-formed';

/**
 * Values and untrusted text written into the markdown a skill is made of (SPEC 4.5, 4.6;
 * BAD-INPUT 27). Every name, URL, media type and enum value the wizard writes into
 * prose goes through `codeSpan`, the one escaping function for values; descriptions from a
 * spec or a schema go through `inlineText`. Neither can end the line, open a heading, a
 * list, a fence or a frontmatter fence, or become live HTML.
 */

/** Characters that cannot stand in a code span as themselves: line breaks, other controls, lone surrogates. */
const NOT_INLINE = new RegExp(`[\\u0000-\\u001f\\u007f]|${LONE_SURROGATE}`);

/**
 * A value as one inline code span, shown exactly. The fence is one backtick longer than the
 * longest run of backticks inside, with a space of padding where the value starts or ends
 * with a backtick or a space (CommonMark strips one from each side), so no value can close
 * its span. A value holding a line break, another control character or a lone surrogate, or
 * nothing but spaces, is shown as its JSON string (`"a\nb"`): a line break would end the
 * paragraph and let the next line start a heading or a `---` fence. HTML inside a code span
 * is shown as text by every renderer, so it needs no other escaping.
 */
export function codeSpan(value: string): string {
  const shown = NOT_INLINE.test(value) || value.trim() === '' ? JSON.stringify(value) : value;
  let longest = 0;
  for (const run of shown.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * Line breaks normalised to `\n`; control characters other than tab and newline removed; a
 * lone surrogate written U+FFFD, as UTF-8 would.
 */
export function cleanText(s: string): string {
  return toWellFormed(s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''));
}

/** Whitespace runs folded to one space. */
export function fold(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** An inline code span in markdown text (CommonMark: a backtick run, then the same run). */
export const CODE_SPAN = /(`+)(?:[^`]|(?!\1)`)+?\1(?!`)/g;

/** HTML openers and script links neutralised outside code spans. */
export function safeInline(line: string): string {
  // What `escapeText` rewrites starts at a `<` or a `](`: most lines have neither, and are
  // not searched three times (nor split at their code spans) to learn it.
  if (!line.includes('<') && !line.includes('](')) return line;
  let out = '';
  let last = 0;
  for (const m of line.matchAll(CODE_SPAN)) {
    out += escapeText(line.slice(last, m.index)) + m[0];
    last = m.index! + m[0].length;
  }
  return out + escapeText(line.slice(last));
}

function escapeText(s: string): string {
  return s
    .replace(/<(?!(?:https?|mailto):[^\s<>]*>)(?=[A-Za-z!/?])/gi, '&lt;')
    .replace(/\[([^\]]*)\]\(\s*<?\s*(?:javascript|vbscript|data)\s*:(?:[^()]|\([^()]*\))*\)/gi, '$1')
    .replace(/\]\(\s*<?\s*(?=(?:javascript|vbscript|data)\s*:)/gi, '](#');
}

/**
 * One line of spec text that starts a paragraph (a summary, a tool description): folded,
 * made safe, and escaped where its first character would make it a heading, a list, a
 * quote, a table, a code fence or a frontmatter fence instead of a paragraph.
 */
export function safeParagraph(text: string): string {
  return leadingEscape(safeInline(fold(cleanText(text))));
}

/** A one-line paragraph escaped where its first character would make it something else (a heading, a list, a fence). */
export function leadingEscape(line: string): string {
  const numbered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (numbered) return `${numbered[1]}\\${line.slice(numbered[1].length)}`;
  const block =
    /^#{1,6}(\s|$)/.test(line) || // a heading
    /^[-+*](\s|$)/.test(line) || // a list item
    /^([-*_])(\s*\1){2,}\s*$/.test(line) || // a thematic break, or a frontmatter fence
    /^>/.test(line) || // a quote
    /^(`{3}|~{3})/.test(line); // a code fence
  return block ? `\\${line}` : line;
}

/** `inlineText`'s lines: a spec repeats its parameters' descriptions in operation after operation. */
const inlineTexts = new Map<string, string>();

/**
 * A description as the rest of one line (after `- name (type):`): control characters
 * removed, folded to one line, cut to `max` characters at a sentence or word, HTML and
 * script links neutralised.
 */
export function inlineText(text: string, max: number): string {
  const key = `${max}\u0000${text}`;
  let line = inlineTexts.get(key);
  if (line === undefined) {
    line = safeInline(shorten(fold(cleanText(text)), max));
    // Bounded: a worker converts spec after spec.
    if (inlineTexts.size >= 20_000) inlineTexts.clear();
    inlineTexts.set(key, line);
  }
  return line;
}

/**
 * A description cut to `max` characters for a one-line use (a tool or skill description):
 * whole sentences where they fit, else whole words and an ellipsis.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = head.match(/^.*[.!?](?=\s)/s);
  if (sentence && sentence[0].length >= max / 3) return sentence[0];
  const word = head.slice(0, max - 1).replace(/\s+\S*$/, '');
  return `${(word.length > max / 3 ? word : head.slice(0, max - 1)).trimEnd()}…`;
}
