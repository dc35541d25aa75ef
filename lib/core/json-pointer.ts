/**
 * JSON pointers (RFC 6901) and the `#/…` fragments that carry them in a `$ref` (RFC 3986),
 * written and read in one place: every pointer in a problem, a report or a reference goes
 * through these.
 */

/** Escape one reference token: `~` as `~0`, `/` as `~1`. */
export function pointerToken(key: string | number): string {
  const s = typeof key === 'string' ? key : String(key);
  // Most keys hold neither character: no regular expression runs for them.
  if (s.indexOf('~') === -1 && s.indexOf('/') === -1) return s;
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Undo `pointerToken`: `~1` to `/`, then `~0` to `~`. */
export function decodePointerToken(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

/** Whether `pointer` is `base` or a place inside it (`/a/b` is within `/a`, `/ab` is not; every pointer is within `''`). */
export function pointerWithin(pointer: string, base: string): boolean {
  return pointer === base || (pointer.startsWith(base) && pointer.charCodeAt(base.length) === 0x2f);
}

/** `base` with one more token. */
export function joinPointer(base: string, key: string | number): string {
  return `${base}/${pointerToken(key)}`;
}

/** The pointer of a list of tokens (`''` for none, the whole document). */
export function tokensToPointer(tokens: readonly string[]): string {
  let out = '';
  for (const t of tokens) out += `/${pointerToken(t)}`;
  return out;
}

/**
 * The tokens of a pointer, `/a/b~1c` or the same behind a `#` (`#/a/b~1c`), without
 * percent-decoding; `''` and `#` are the whole document. Anything else that does not start
 * with `/` is not a pointer and has no tokens either: callers that must tell it from the
 * whole document check first.
 */
export function pointerTokens(pointer: string): string[] {
  const p = pointer.charCodeAt(0) === 0x23 ? pointer.slice(1) : pointer;
  if (p.charCodeAt(0) !== 0x2f) return [];
  const tokens = p.split('/');
  tokens.shift();
  for (let i = 0; i < tokens.length; i++) tokens[i] = decodePointerToken(tokens[i]);
  return tokens;
}

/**
 * The tokens of the pointer in a URI fragment (the part after `#`): each token
 * percent-decoded, then RFC 6901-unescaped. `''` is the whole document; null when the
 * fragment is not a pointer (an anchor name, say).
 */
export function fragmentTokens(fragment: string): string[] | null {
  if (fragment === '') return [];
  if (fragment.charCodeAt(0) !== 0x2f) return null;
  if (!/[%~]/.test(fragment)) return fragment.slice(1).split('/');
  return fragment
    .slice(1)
    .split('/')
    .map((t) => decodePointerToken(percentDecode(t)));
}

/** `#/a/b` for pointer tokens, with the few characters percent-encoded that readers would misread. */
export function refForTokens(tokens: readonly string[]): string {
  return `#${tokens.map((t) => `/${pointerToken(t).replace(/[%"# ]/g, (c) => encodeURIComponent(c))}`).join('')}`;
}

/** `decodeURIComponent`, or the text as it is when it is not valid percent-encoding. */
export function percentDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
