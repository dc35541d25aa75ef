/**
 * Lone surrogates: half of a UTF-16 character, with no other half beside it. JavaScript
 * strings can hold them (a JSON escape `"\ud800"`, a bad paste); UTF-8 cannot, so a file
 * holding one is written with U+FFFD (�) in its place (BAD-INPUT 31).
 */
export const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

const ANY_LONE = new RegExp(LONE_SURROGATE);
const EVERY_LONE = new RegExp(LONE_SURROGATE, 'g');

/** `String.prototype.isWellFormed` (ES2024) where the engine has it: native, and no regular expression scans the text. */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** Whether `s` holds a lone surrogate. */
export function hasLoneSurrogate(s: string): boolean {
  return isWellFormed ? !isWellFormed.call(s) : ANY_LONE.test(s);
}

/** `s` with each lone surrogate replaced by U+FFFD, as UTF-8 would write it. */
export function toWellFormed(s: string): string {
  return hasLoneSurrogate(s) ? s.replace(EVERY_LONE, '\ufffd') : s;
}

/**
 * A lone surrogate written as a JSON or YAML double-quoted escape (`\ud800` with no other half
 * beside it, the backslash not itself escaped): JSON.stringify writes one so, and the value
 * read back holds half a character though the text is ASCII.
 */
const ESCAPED_LONE = /(?<!\\)((?:\\\\)*)(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})/g;

/** `text` with each lone surrogate written as an escape replaced by the escape of U+FFFD, and whether there was one. */
export function withoutEscapedLoneSurrogates(text: string): { text: string; changed: boolean } {
  if (!/\\u[dD][89a-fA-F]/.test(text)) return { text, changed: false };
  let changed = false;
  const out = text.replace(ESCAPED_LONE, (_, slashes: string) => {
    changed = true;
    return `${slashes}\\ufffd`;
  });
  return { text: out, changed };
}
