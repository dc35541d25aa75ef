import { utf8Length } from '../core/entries';
import { escapeUnportable } from './yaml-write';

const INLINE_WIDTH = 100;

/**
 * JSON text for a schema as the wizard writes it: one key per line, with small objects and
 * arrays of scalars kept on one line (`{"type": "string", "description": "…"}`), two-space
 * indent. Deterministic: keys keep their order. `memo`: the texts of subtrees several
 * schemas share, for a run of writes (the same text either way).
 */
export function formatSchemaJson(value: unknown, indent = 0, memo?: SchemaTextMemo): string {
  const out: string[] = [];
  writeSchemaJson(value, indent, out, memo);
  // Written into YAML as a block literal, where no escape is read: the JSON escapes them.
  return escapeUnportable(out.join(''));
}

/**
 * The text of each subtree met more than once among some schemas, once per indent, for
 * writing them all: fitting writes its operations' schemas with their unchanged types as
 * the same objects (lib/convert/fit.ts), so Kubernetes' 84 fitted schemas, 1.6 MB of text,
 * would format hundreds of the same subtrees again. The schemas must not change while it
 * is used.
 */
export class SchemaTextMemo {
  private readonly shared = new Set<object>();
  private readonly texts = new Map<object, Map<number, string>>();

  constructor(schemas: Iterable<unknown>) {
    const seen = new Set<object>();
    const stack: unknown[] = [...schemas];
    while (stack.length > 0) {
      const v = stack.pop();
      if (v === null || typeof v !== 'object') continue;
      if (seen.has(v)) {
        this.shared.add(v);
        continue;
      }
      seen.add(v);
      if (Array.isArray(v)) for (const item of v) stack.push(item);
      else for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
  }

  /** The subtree's text at `indent`, written by `write` the first time. */
  text(value: object, indent: number, write: () => string): string | undefined {
    if (!this.shared.has(value)) return undefined;
    let byIndent = this.texts.get(value);
    if (!byIndent) this.texts.set(value, (byIndent = new Map()));
    let text = byIndent.get(indent);
    if (text === undefined) byIndent.set(indent, (text = write()));
    return text;
  }
}

/** Written into one list of parts and joined once: joining at each level would copy a deep schema's text once per level (a subtree the memo keeps is joined once, then reused). */
function writeSchemaJson(value: unknown, indent: number, out: string[], memo?: SchemaTextMemo): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value));
    return;
  }
  if (memo) {
    const text = memo.text(value, indent, () => {
      const parts: string[] = [];
      writeSchemaNode(value, indent, parts, memo);
      return parts.join('');
    });
    if (text !== undefined) {
      out.push(text);
      return;
    }
  }
  writeSchemaNode(value, indent, out, memo);
}

function writeSchemaNode(value: object, indent: number, out: string[], memo: SchemaTextMemo | undefined): void {
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
      writeSchemaJson(value[i], indent + 1, out, memo);
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
    writeSchemaJson(obj[keys[i]], indent + 1, out, memo);
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
