/**
 * Own enumerable entries of a plain object, in a fixed order (code-unit order of keys), so
 * every walk over input data gives the same output (STYLE.md, "Stable output").
 */
export function sortedEntries<T>(obj: Record<string, T>): [string, T][] {
  return Object.keys(obj)
    .sort(compareStrings)
    .map((k) => [k, obj[k]]);
}

/** Entries in the object's own insertion order (for data whose order means something, like properties). */
export function ownEntries<T>(obj: Record<string, T>): [string, T][] {
  return Object.keys(obj).map((k) => [k, obj[k]]);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Escape one reference token of a JSON pointer (RFC 6901). */
export function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, key: string | number): string {
  return `${base}/${pointerToken(key)}`;
}

export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
