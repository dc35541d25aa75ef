import { utf8Length } from '../core/entries';

const INLINE_WIDTH = 100;

/**
 * JSON text for a schema as the wizard writes it: one key per line, with small objects and
 * arrays of scalars kept on one line (`{"type": "string", "description": "…"}`), two-space
 * indent. Deterministic: keys keep their order.
 */
export function formatSchemaJson(value: unknown, indent = 0): string {
  const out: string[] = [];
  writeSchemaJson(value, indent, out);
  return out.join('');
}

/** Written into one list of parts and joined once: joining at each level would copy a deep schema's text once per level. */
function writeSchemaJson(value: unknown, indent: number, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value));
    return;
  }
  const width = INLINE_WIDTH - indent * 2;
  const inline = inlineJson(value, 0, width);
  if (inline !== undefined && utf8Length(inline) <= width) {
    out.push(inline);
    return;
  }
  const pad = '  '.repeat(indent + 1);
  const close = '  '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[\n');
    for (let i = 0; i < value.length; i++) {
      out.push(pad);
      writeSchemaJson(value[i], indent + 1, out);
      out.push(i < value.length - 1 ? ',\n' : '\n');
    }
    out.push(close, ']');
    return;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) {
    out.push('{}');
    return;
  }
  const obj = value as Record<string, unknown>;
  out.push('{\n');
  for (let i = 0; i < keys.length; i++) {
    out.push(pad, JSON.stringify(keys[i]), ': ');
    writeSchemaJson(obj[keys[i]], indent + 1, out);
    out.push(i < keys.length - 1 ? ',\n' : '\n');
  }
  out.push(close, '}');
}

/**
 * One-line form with `: ` and `, ` separators, or undefined when a value nests objects in
 * arrays too deep to read on one line, or when it is longer than `width` characters (then
 * it is not written on one line either, and building it all would be wasted: a large
 * schema tries this at every level).
 */
function inlineJson(value: unknown, depth: number, width: number): string | undefined {
  if (value === null || typeof value !== 'object') {
    // A string's JSON is at least two quotes longer than it: a long description is not written out to learn that.
    if (typeof value === 'string' && value.length + 2 > width) return undefined;
    const s = JSON.stringify(value);
    return s !== undefined && s.length <= width ? s : undefined;
  }
  if (depth > 1) return undefined;
  const parts: string[] = [];
  let length = 2;
  if (Array.isArray(value)) {
    for (const v of value) {
      const s = inlineJson(v, depth + 1, width - length);
      if (s === undefined) return undefined;
      length += s.length + (parts.length > 0 ? 2 : 0);
      if (length > width) return undefined;
      parts.push(s);
    }
    return `[${parts.join(', ')}]`;
  }
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const s = inlineJson(obj[k], depth + 1, width - length);
    if (s === undefined) return undefined;
    const part = `${JSON.stringify(k)}: ${s}`;
    length += part.length + (parts.length > 0 ? 2 : 0);
    if (length > width) return undefined;
    parts.push(part);
  }
  return `{${parts.join(', ')}}`;
}
