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
 *   `<i>`, `<em>`, `<ul>`/`<ol>`/`<li>`, `<a href="https://…">`), without attributes, becomes
 *   the markdown it means;
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
  return out.join('\n').replace(/^\n+|\s+$/g, '');
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

function convertTags(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(CODE_SPAN)) {
    out += tagsToMarkdown(text.slice(last, m.index)) + m[0];
    last = m.index! + m[0].length;
  }
  return (out + tagsToMarkdown(text.slice(last))).replace(/\n{3,}/g, '\n\n');
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
    .replace(/<a\s+href\s*=\s*(["'])[^"'<>]*\1\s*>([^<]*)<\/a\s*>/gi, '$2')
    .replace(/<\s*\/?\s*(ul|ol)\s*>/gi, '\n\n')
    .replace(/\s*<\s*li\s*>\s*/gi, '\n- ')
    .replace(/<\s*\/\s*li\s*>/gi, '');
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
