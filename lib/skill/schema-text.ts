import { utf8Length } from '../core/entries';

const INLINE_WIDTH = 100;

/**
 * JSON text for a schema as the wizard writes it: one key per line, with small objects and
 * arrays of scalars kept on one line (`{"type": "string", "description": "…"}`), two-space
 * indent. Deterministic: keys keep their order.
 */
export function formatSchemaJson(value: unknown, indent = 0): string {
  const inline = inlineJson(value);
  if (inline !== undefined && indent * 2 + utf8Length(inline) <= INLINE_WIDTH) return inline;
  const pad = '  '.repeat(indent + 1);
  const close = '  '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + formatSchemaJson(v, indent + 1)).join(',\n')}\n${close}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const obj = value as Record<string, unknown>;
    return `{\n${keys.map((k) => `${pad}${JSON.stringify(k)}: ${formatSchemaJson(obj[k], indent + 1)}`).join(',\n')}\n${close}}`;
  }
  return JSON.stringify(value);
}

/** One-line form with `: ` and `, ` separators, or undefined when a value nests objects in arrays too deep to read on one line. */
function inlineJson(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (depth > 1) return undefined;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const v of value) {
      const s = inlineJson(v, depth + 1);
      if (s === undefined) return undefined;
      parts.push(s);
    }
    return `[${parts.join(', ')}]`;
  }
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(obj)) {
    const s = inlineJson(obj[k], depth + 1);
    if (s === undefined) return undefined;
    parts.push(`${JSON.stringify(k)}: ${s}`);
  }
  return `{${parts.join(', ')}}`;
}
