/**
 * Own enumerable entries of a plain object, in a fixed order (code-unit order of keys), so
 * every walk over input data gives the same output (STYLE.md, "Stable output").
 */
export function sortedEntries<T>(obj: Record<string, T>): [string, T][] {
  return Object.keys(obj)
    .sort(compareStrings)
    .map((k) => [k, obj[k]]);
}

/** Code-unit order, the one order every sort of names, paths and problems uses (not the locale's). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Set an own, enumerable property named by input data. Plain assignment would turn a key
 * `__proto__` into a prototype change (BAD-INPUT 12); every other key is assigned plainly,
 * which gives the same property and is faster than `Object.defineProperty`.
 */
export function setOwn(obj: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else (obj as Record<string, unknown>)[key] = value;
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
