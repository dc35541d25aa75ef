/**
 * Operation URL templates (SPEC 1.3, 7.1): a path parameter `{name}` is a whole segment or
 * shares its segment with literal text (`/Calls/{Sid}.json`, `/v1/{name}:cancel`,
 * `/reports/{year}-{month}`); two parameters in one segment are separated by literal text.
 */

/** One piece of a path segment: literal text, or a parameter's name. */
export type TemplatePart = { literal: string } | { name: string };

/** What is wrong with a segment's braces, with the offset in the segment where it is. */
export interface SegmentFault {
  at: number;
  kind: 'empty-name' | 'unclosed' | 'stray-close' | 'adjacent';
}

/**
 * A path segment split into literal text and `{name}` parameters, or the first fault of its
 * braces: `{}`, an unclosed `{` (or one inside a name), a `}` outside a name, or two
 * parameters with no literal text between them (`{a}{b}`: no request says where one ends).
 */
export function parseSegment(segment: string): { parts: TemplatePart[] } | { fault: SegmentFault } {
  const parts: TemplatePart[] = [];
  let i = 0;
  let literal = '';
  let lastWasName = false;
  while (i < segment.length) {
    const c = segment[i];
    if (c === '}') return { fault: { at: i, kind: 'stray-close' } };
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    const close = segment.indexOf('}', i + 1);
    const open = segment.indexOf('{', i + 1);
    if (close < 0 || (open >= 0 && open < close)) return { fault: { at: i, kind: 'unclosed' } };
    if (close === i + 1) return { fault: { at: i, kind: 'empty-name' } };
    if (literal !== '') {
      parts.push({ literal });
      literal = '';
    } else if (lastWasName) return { fault: { at: i, kind: 'adjacent' } };
    parts.push({ name: segment.slice(i + 1, close) });
    lastWasName = true;
    i = close + 1;
  }
  if (literal !== '') parts.push({ literal });
  return { parts };
}

/** The path parameters of an operation URL, in URL order: every `{name}` of its path (SPEC 1.3, 7.1). */
export function pathParameterNames(url: string): string[] {
  const names: string[] = [];
  if (!url.includes('{')) return names;
  for (const segment of urlPath(url).split('/')) {
    if (!segment.includes('{')) continue;
    const parsed = parseSegment(segment);
    if (!('parts' in parsed)) continue;
    for (const part of parsed.parts) if ('name' in part) names.push(part.name);
  }
  return names;
}

/** The path part of an absolute or relative URL, without query or fragment. */
export function urlPath(url: string): string {
  let rest = url;
  const scheme = ORIGIN.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  const cut = rest.search(/[?#]/);
  return cut < 0 ? rest : rest.slice(0, cut);
}

const ORIGIN = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The URL with each `{name}` of its path replaced by `value(name)`, the literal text around it
 * kept (SPEC 3.2, 7.1). A segment whose braces are malformed is left as written.
 */
export function fillPath(template: string, value: (name: string) => string): string {
  const origin = ORIGIN.exec(template)?.[0] ?? '';
  const rest = template.slice(origin.length);
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const tail = cut < 0 ? '' : rest.slice(cut);
  if (!path.includes('{')) return template;
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) return segment;
      const parsed = parseSegment(segment);
      if (!('parts' in parsed)) return segment;
      return parsed.parts.map((p) => ('name' in p ? value(p.name) : p.literal)).join('');
    })
    .join('/');
  return origin + filled + tail;
}

/**
 * A value as text that stands for itself in one path segment (SPEC 7.1): every UTF-8 byte
 * outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) percent-encoded, so `/` is
 * `%2F` and `!'()*`, which `encodeURIComponent` leaves, are encoded too (a `(` or `:` next
 * to the literal text of `{name}:cancel` must not read as part of it).
 */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The method and URL template with parameter names erased (SPEC 5, 7.4): two templates
 * with the same key match the same request paths (`/pets/{id}` is `/pets/{petId}`,
 * `/Calls/{Sid}.json` is `/Calls/{CallSid}.json`). Used to find duplicate operations, and to
 * match an operation across versions of a spec. The origin is compared in lower case.
 */
export function templateKey(method: string, url: string): string {
  const origin = ORIGIN.exec(url)?.[0].toLowerCase() ?? '';
  const path = urlPath(url);
  const erased = path.includes('{')
    ? path
        .split('/')
        .map((segment) => {
          if (!segment.includes('{')) return segment;
          const parsed = parseSegment(segment);
          if (!('parts' in parsed)) return segment;
          return parsed.parts.map((p) => ('name' in p ? '{}' : p.literal)).join('');
        })
        .join('/')
    : path;
  return `${method.toUpperCase()} ${origin}${erased}`;
}
