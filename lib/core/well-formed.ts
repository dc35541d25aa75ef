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
