/**
 * Spec text written into markdown. Descriptions are untrusted (SPEC 4.5, BAD-INPUT 17, 18):
 * they are kept as markdown, but nothing in them may become live HTML, a link that runs
 * script, a heading that passes for one of the file's own sections, or an unclosed code
 * fence that swallows what the wizard writes after it.
 */

import { CODE_SPAN, cleanText, fold, safeInline } from '../skill/markdown';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^( {0,3})(#{1,6})(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const LINK_DEFINITION_SCRIPT = /^ {0,3}\[[^\]]*\]:\s*<?\s*(?:javascript|vbscript|data)\s*:/i;

/**
 * A description from the spec as safe markdown:
 * - the simplest HTML many specs write (`<p>`, `<br>`, `<code>`, `<b>`, `<strong>`,
 *   `<i>`, `<em>`, `<a href="https://…">`), without attributes, becomes the markdown it
 *   means; so do lists (`<ul>`, `<ol>`, `<li>`, nested) and simple tables (`<table>` of
 *   `<tr>` rows of `<th>`/`<td>` cells), whose attributes are dropped with their tags;
 * - any other `<` that would open an HTML tag, comment or declaration is written `&lt;` (so
 *   `<script>` shows as text in every renderer); autolinks `<https://…>` stay;
 * - links to `javascript:`, `vbscript:` or `data:` keep their text and lose the link;
 * - ATX headings go down two levels (`#` to `###`), so none passes for `## Operations` or
 *   `## The call`; a setext underline (`---` or `===` under a line) is escaped, so it makes
 *   no heading;
 * - a code fence left open is closed; inside fences and code spans text is left as is
 *   (it renders as text there).
 */
export function safeMarkdown(text: string): string {
  const lines = simpleHtmlToMarkdown(cleanText(text)).split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  let previousIsText = false;
  for (const line of lines) {
    if (fence !== undefined) {
      out.push(line);
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length && line.trim() === close[1]) fence = undefined;
      previousIsText = false;
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = open[1];
      out.push(line);
      previousIsText = false;
      continue;
    }
    if (line.trim() === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      previousIsText = false;
      continue;
    }
    if (previousIsText && SETEXT_UNDERLINE.test(line)) {
      out.push(`\\${line.trimStart()}`);
      continue;
    }
    let l = line;
    const heading = HEADING.exec(l);
    if (heading) l = `${heading[1]}${'#'.repeat(Math.min(6, heading[2].length + 2))}${l.slice(heading[0].length)}`;
    if (LINK_DEFINITION_SCRIPT.test(l)) l = `\\${l.trimStart()}`;
    out.push(safeInline(l));
    previousIsText = !heading;
  }
  if (fence !== undefined) out.push(fence);
  // Leading blank lines and trailing white space off (trimEnd takes what `\s` matches; a `\s+$` regular expression retries at every space of a long text).
  return out.join('\n').replace(/^\n+/, '').trimEnd();
}

/** Whitelisted attribute-free HTML as markdown, outside code fences and code spans. */
function simpleHtmlToMarkdown(text: string): string {
  if (!text.includes('<')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let block: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    if (block.length > 0) out.push(convertTags(block.join('\n')));
    block = [];
  };
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (fence === undefined && m) {
      flush();
      fence = m[1];
      out.push(line);
    } else if (fence !== undefined) {
      out.push(line);
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = undefined;
    } else block.push(line);
  }
  flush();
  return out.join('\n');
}

/**
 * The whitelisted HTML of one block as markdown. Code spans are set aside first (what is in
 * them renders as text), so a table or a list whose cells hold code spans converts whole.
 */
function convertTags(text: string): string {
  const spans: string[] = [];
  // cleanText has removed control characters, so \u0000 marks only a span set aside here.
  const masked = text.replace(CODE_SPAN, (span) => `\u0000${spans.push(span) - 1}\u0000`);
  const converted = tagsToMarkdown(listsToMarkdown(tablesToMarkdown(masked, spans)));
  return converted.replace(/\u0000(\d+)\u0000/g, (_, i: string) => spans[Number(i)]).replace(/\n{3,}/g, '\n\n');
}

function tagsToMarkdown(s: string): string {
  if (!s.includes('<')) return s;
  const trimmed = (mark: string) => (_: string, _tag: string, inner: string) => (inner.trim() === '' ? inner : `${mark}${inner.trim()}${mark}`);
  return s
    .replace(/<\s*\/?\s*p\s*>/gi, '\n\n')
    .replace(/<\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<\s*(strong|b)\s*>([^<]*)<\s*\/\s*\1\s*>/gi, trimmed('**'))
    .replace(/<\s*(em|i)\s*>([^<*]*)<\s*\/\s*\1\s*>/gi, trimmed('*'))
    .replace(/<\s*code\s*>([^<`\n]*)<\s*\/\s*code\s*>/gi, (_, inner: string) => (inner === '' ? '' : `\`${inner}\``))
    .replace(/<a\s+href\s*=\s*(["'])(https?:\/\/[^"'\s<>()]*)\1\s*>([^<]*)<\/a\s*>/gi, (_, _q, href: string, inner: string) => `[${inner.replace(/[[\]]/g, '')}](${href})`)
    .replace(/<a\s+href\s*=\s*(["'])[^"'<>]*\1\s*>([^<]*)<\/a\s*>/gi, '$2');
}

const LIST_TAG = /\s*<\s*(\/?)\s*(ul|ol|li)\b[^<>]*>\s*/gi;

/**
 * `<ul>`, `<ol>` and `<li>` as markdown lists: `- ` items, `1. ` numbered ones, a list inside
 * an item indented under it. Their attributes (a `class`, a `style`) are dropped with the tags.
 */
function listsToMarkdown(s: string): string {
  if (!/<\s*\/?\s*(ul|ol|li)\b/i.test(s)) return s;
  const open: { ordered: boolean; n: number }[] = [];
  return s.replace(LIST_TAG, (_, close: string, tag: string) => {
    const name = tag.toLowerCase();
    if (name === 'li') {
      if (close) return '';
      const list = open[open.length - 1];
      if (!list) return '\n- ';
      const indent = open
        .slice(0, -1)
        .map((l) => (l.ordered ? '   ' : '  '))
        .join('');
      list.n++;
      return `\n${indent}${list.ordered ? `${list.n}. ` : '- '}`;
    }
    if (close) {
      open.pop();
      return open.length > 0 ? '' : '\n\n';
    }
    open.push({ ordered: name === 'ol', n: 0 });
    return open.length > 1 ? '' : '\n\n';
  });
}

const TABLE = /<\s*table\b[^<>]*>([\s\S]*?)<\s*\/\s*table\s*>/gi;
const ROW = /<\s*tr\b[^<>]*>([\s\S]*?)<\s*\/\s*tr\s*>/gi;
const CELL = /<\s*(t[hd])\b([^<>]*)>([\s\S]*?)<\s*\/\s*\1\s*>/gi;
/** What a cell of a simple table may not hold: another table, a list, a block. */
const BLOCK_IN_CELL = /<\s*(table|tr|t[hd]|ul|ol|li|p|div|pre|h[1-6]|blockquote)\b/i;

/** Simple HTML tables as markdown tables; a table that is not simple is left as it is, its tags escaped. */
function tablesToMarkdown(s: string, spans: readonly string[]): string {
  if (!/<\s*table\b/i.test(s)) return s;
  return s.replace(TABLE, (whole, inner: string) => {
    const table = tableToMarkdown(inner, spans);
    return table === undefined ? whole : `\n\n${table}\n\n`;
  });
}

/**
 * A table of rows of cells holding text and inline tags, no cell spanning rows or columns,
 * nothing but whitespace between them (`<thead>`, `<tbody>` and `<tfoot>` aside), as a
 * markdown table: the first row is its header (markdown has no table without one), a row
 * short of cells is padded, `|` in a cell is escaped (in its code spans too), a `<br>`
 * becomes a space. Attributes
 * are dropped with the tags.
 */
function tableToMarkdown(inner: string, spans: readonly string[]): string | undefined {
  const rows: string[][] = [];
  let simple = true;
  const outside = inner.replace(/<\s*\/?\s*(thead|tbody|tfoot)\b[^<>]*>/gi, '').replace(ROW, (_, row: string) => {
    const cells: string[] = [];
    const between = row.replace(CELL, (_cell, _tag: string, attributes: string, content: string) => {
      if (/\b(col|row)span\b/i.test(attributes) || BLOCK_IN_CELL.test(content)) simple = false;
      // A `|` ends a cell even inside a code span unless it is escaped (GFM), so the spans set aside come back here, escaped.
      const text = fold(tagsToMarkdown(content.replace(/<\s*br\s*\/?\s*>/gi, ' '))).replace(/\u0000(\d+)\u0000/g, (_m, i: string) => spans[Number(i)]);
      cells.push(text.replace(/\|/g, '\\|'));
      return '';
    });
    if (between.trim() !== '' || cells.length === 0) simple = false;
    rows.push(cells);
    return '';
  });
  if (!simple || outside.trim() !== '' || rows.length === 0) return undefined;
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n');
}

/**
 * The first paragraph of a markdown text and the rest, the paragraph folded to one line.
 * Headings before it are skipped (as SPEC 1.2 reads a description); a text that begins
 * with a code fence has no first paragraph.
 */
export function splitFirstParagraph(markdown: string): { first: string; rest: string } {
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i].trim() === '' || HEADING.test(lines[i]))) i++;
  if (i >= lines.length || FENCE.test(lines[i])) return { first: '', rest: markdown.trim() };
  const para: string[] = [];
  while (i < lines.length && lines[i].trim() !== '' && !HEADING.test(lines[i]) && !FENCE.test(lines[i])) para.push(lines[i++]);
  return { first: fold(para.join(' ')), rest: lines.slice(i).join('\n').trim() };
}
