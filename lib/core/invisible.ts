/**
 * Invisible characters in text a model reads (docs/decisions/0061-invisible-characters.md):
 * a model reads them, a person reading the skill sees nothing. Unicode tag characters
 * (U+E0000–U+E007F) spell ASCII a model follows ("ignore all previous instructions"), bidi
 * controls reorder what is shown (Trojan Source), zero-width characters hide inside names
 * (`id` and `id` + U+200B are two arguments that look one).
 *
 * Always invisible: tag characters, the bidi embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069), U+200B, U+2060, U+FEFF (but as a file's first character,
 * a byte order mark), the invisible operators U+2061–U+2064, U+180E, and the variation
 * selectors of U+E0100–U+E01EF (but after a Han ideograph, where they pick its glyph). Allowed
 * where a script needs them: U+200C and U+200D between letters or marks of the scripts that
 * join or conjoin (Arabic, Indic, …) and U+200D inside an emoji sequence; U+200E, U+200F and
 * U+061C beside right-to-left text.
 */

/** Candidates: every character that may be invisible (`candidateAt`); `isInvisibleAt` decides by its neighbours. */
const ANY_CANDIDATE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f\udd00-\uddef]/;

/** Scripts whose letters U+200C (ZWNJ) and U+200D (ZWJ) join or keep apart. */
const JOINING = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Psalter_Pahlavi}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Sogdian}\p{Script=Inherited}]/u;
/** Right-to-left scripts, beside which U+200E, U+200F and U+061C mark direction. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const HAN = /\p{Script=Han}/u;
const INHERITED = /\p{Script=Inherited}/u;

/** The character (a whole code point) ending just before `i`, or ''. */
function before(text: string, i: number): string {
  if (i === 0) return '';
  const low = text.charCodeAt(i - 1);
  return i >= 2 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(i - 2) >= 0xd800 && text.charCodeAt(i - 2) <= 0xdbff ? text.slice(i - 2, i) : text[i - 1];
}

/** The character (a whole code point) starting at `i`, or ''. */
function after(text: string, i: number): string {
  const c = text.codePointAt(i);
  return c === undefined ? '' : String.fromCodePoint(c);
}

/** Whether the candidate `ch` at `i` is invisible there (not a character its script needs). */
function isInvisibleAt(text: string, i: number, code: number): boolean {
  if (code === 0xfeff) return i !== 0;
  if (code === 0x200c || code === 0x200d) {
    const prev = before(text, i);
    const next = after(text, i + 1);
    if (code === 0x200d && EMOJI.test(prev) && PICTOGRAPH.test(next)) return false;
    // Between two letters or marks of a joining script (a combining mark alone, on either side, is not enough).
    return !(JOINING.test(prev) && JOINING.test(next) && !(INHERITED.test(prev) && INHERITED.test(next)));
  }
  if (code === 0x200e || code === 0x200f || code === 0x061c) return !(RIGHT_TO_LEFT.test(before(text, i)) || RIGHT_TO_LEFT.test(after(text, i + 1)));
  if (code >= 0xe0100) return !HAN.test(before(text, i));
  return true;
}

/** A run of invisible characters side by side in a text. */
export interface InvisibleRun {
  /** Where it starts, in UTF-16 units. */
  index: number;
  /** Its length in UTF-16 units. */
  length: number;
  /** Its code points, `U+200B` and so on, each once, in the order met. */
  codes: string[];
  /** What its tag characters spell (U+E0020–U+E007E are ASCII's printable characters), when it holds any. */
  spelled?: string;
}

/** Whether `text` may hold an invisible character (a fast test before the exact one). */
export function mayHoldInvisible(text: string): boolean {
  return ANY_CANDIDATE.test(text);
}

/** The length (1, or 2 for a tag character or a supplementary variation selector) of a candidate at `i`, else 0. */
function candidateAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x061c) return 0;
  if (c === 0x061c || c === 0x180e || c === 0xfeff || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069)) return 1;
  if (c !== 0xdb40) return 0;
  const low = text.charCodeAt(i + 1);
  return (low >= 0xdc00 && low <= 0xdc7f) || (low >= 0xdd00 && low <= 0xddef) ? 2 : 0;
}

/** Every run of invisible characters of `text`, in order; linear in the text. */
export function invisibleRuns(text: string): InvisibleRun[] {
  const runs: InvisibleRun[] = [];
  if (!mayHoldInvisible(text)) return runs;
  let run: { index: number; end: number; codes: number[]; spelled: string | undefined } | undefined;
  const open: NonNullable<typeof run>[] = [];
  for (let i = 0; i < text.length; i++) {
    const n = candidateAt(text, i);
    if (n === 0) continue;
    const code = n === 1 ? text.charCodeAt(i) : text.codePointAt(i)!;
    if (isInvisibleAt(text, i, code)) {
      if (!run || run.end !== i) {
        run = { index: i, end: i, codes: [], spelled: undefined };
        open.push(run);
      }
      run.end = i + n;
      if (!run.codes.includes(code)) run.codes.push(code);
      if (code >= 0xe0020 && code <= 0xe007e) run.spelled = (run.spelled ?? '') + String.fromCharCode(code - 0xe0000);
    }
    i += n - 1;
  }
  for (const r of open) {
    const found: InvisibleRun = { index: r.index, length: r.end - r.index, codes: r.codes.map(codeName) };
    if (r.spelled !== undefined) found.spelled = r.spelled;
    runs.push(found);
  }
  return runs;
}

/** `U+200B` */
export function codeName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` without its invisible characters, and the runs taken out. */
export function withoutInvisible(text: string): { text: string; runs: InvisibleRun[] } {
  const runs = invisibleRuns(text);
  if (runs.length === 0) return { text, runs };
  let out = '';
  let at = 0;
  for (const r of runs) {
    out += text.slice(at, r.index);
    at = r.index + r.length;
  }
  return { text: out + text.slice(at), runs };
}

/**
 * `text` with each invisible character written as a JSON escape (`\u200b`, a tag character
 * as its surrogate pair `\udb40\udc41`): for JSON shown to a person, which then reads as the
 * same JSON and shows what a model would read.
 */
export function escapeInvisibleInJson(json: string): string {
  const runs = invisibleRuns(json);
  if (runs.length === 0) return json;
  let out = '';
  let at = 0;
  for (const r of runs) {
    out += json.slice(at, r.index);
    for (let i = r.index; i < r.index + r.length; i++) out += `\\u${json.charCodeAt(i).toString(16).padStart(4, '0')}`;
    at = r.index + r.length;
  }
  return out + json.slice(at);
}

/** Every candidate character, for an editor that marks each one wherever it is (CodeMirror's `highlightSpecialChars`). */
export const INVISIBLE_CANDIDATES = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
