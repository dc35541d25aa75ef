/**
 * Freezes a parsed tree in place, every object and array in it. Loading may hand the parsed
 * tree itself to the conversion as the resolved document (`DocumentWriter.runInPlace`), and
 * the YAML locator and the wizard's spec view still read that tree; a conversion that wrote
 * into it would throw here (test modules run in strict mode) instead of changing them unseen.
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    Object.freeze(v);
    for (const child of Object.values(v)) stack.push(child);
  }
  return value;
}
