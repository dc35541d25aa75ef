import { isPlainObject } from './entries';

/**
 * Whether two values parsed from JSON are the same JSON: the same keys in the same order and
 * the same values (`-0` is not `0`). Walked with a stack: a value may nest deeper than the
 * call stack.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    // Object.is, not ===: -0 and 0 are different JSON (`-0` is written back as it was typed).
    if (Object.is(x, y)) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (Array.isArray(y) || !isPlainObject(x) || !isPlainObject(y)) return false;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length) return false;
    for (let i = 0; i < kx.length; i++) {
      if (kx[i] !== ky[i]) return false;
      stack.push([x[kx[i]], y[ky[i]]]);
    }
  }
  return true;
}
