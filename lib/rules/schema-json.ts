import { isPlainObject } from '../core/entries';
import type { OperationFile } from '../skill/operation-file';
import { jsonErrorPosition } from '../skill/types-file';
import { JsonLocator } from '../core/json-locate';
import { didYouMean } from './facts';
import { atKey, atSchema, located, type FileRule } from './rule';

/**
 * SPEC 1.3: `schema` is JSON text in a YAML block scalar (`schema: |`), and its root is
 * `"type": "object"` with `properties`, an object of the arguments, and a `required` that
 * names only those arguments. A JSON syntax error is reported at its line and column in
 * the file.
 */
export const schemaJson: FileRule = {
  id: 'schema-json',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw.schema === undefined) return [];
    if (d.schemaText === undefined) {
      return [atKey(op, '/operation/schema', '`schema` must be JSON text in a block scalar (`schema: |` and the JSON on the lines below), not a YAML value')];
    }
    if (d.schemaError) {
      const at = jsonErrorInFile(op, 'schema', d.schemaText, d.schemaError.message);
      return [located(at, `The schema is not JSON: ${jsonReasonAt(d.schemaError.message, at)}`, '/operation/schema')];
    }
    const s = d.schema;
    if (!isPlainObject(s)) return [atKey(op, '/operation/schema', 'The schema must be a JSON object: `{"type": "object", "properties": {…}}`')];
    const problems = [];
    if (s.type !== 'object') {
      problems.push(s.type === undefined ? atSchema(op, '', 'The schema\'s root needs `"type": "object"`') : atSchema(op, '/type', `The schema's root \`type\` must be \`"object"\`, not ${JSON.stringify(s.type)}`));
    }
    if (s.properties === undefined) problems.push(atSchema(op, '', 'The schema\'s root needs `properties`, an object of the arguments (`{}` when there are none)'));
    else if (!isPlainObject(s.properties)) problems.push(atSchema(op, '/properties', '`properties` must be an object of argument name to schema'));
    else if (s.required !== undefined) {
      // A required name that is no argument can never be given: every call would be refused.
      const names = Object.keys(s.properties);
      if (!Array.isArray(s.required)) problems.push(atSchema(op, '/required', '`required` must be a list of argument names'));
      else {
        s.required.forEach((name, i) => {
          if (typeof name !== 'string') problems.push(atSchema(op, `/required/${i}`, '`required` must list argument names (strings)'));
          else if (!Object.prototype.hasOwnProperty.call(s.properties, name)) {
            problems.push(atSchema(op, `/required/${i}`, `\`${name}\` is required but is not one of the \`properties\`, so no call could give it${didYouMean(name, names)}`));
          }
        });
      }
    }
    return problems;
  },
};

/**
 * A JSON.parse message about a block's text, its place given in the file: the parser counts
 * offsets, lines and columns inside the block (`at position 52 (line 4 column 3)`), where the
 * editor's gutter counts the file's (9:7).
 */
export function jsonReasonAt(message: string, at: { line: number; column: number }): string {
  const reason = message.replace(/\s*(?:in JSON )?at position \d+(?:\s*\(line \d+ column \d+\))?/i, '').replace(/\s*\(line \d+ column \d+\)/i, '');
  return `${reason}, at line ${at.line}, column ${at.column}`;
}

/** Where a JSON.parse error of a block's text (`schema` or `returns`) is, in the file. */
export function jsonErrorInFile(op: OperationFile, key: 'schema' | 'returns', text: string, message: string): { line: number; column: number } {
  const block = op.frontmatter?.blockScalar(`/operation/${key}`);
  if (!block) return op.position(`/operation/${key}`);
  // V8 names an offset; at the end of the input it points past the JSON, so clamp it there.
  const end = text.replace(/\s+$/, '').length;
  const offset = /position (\d+)/.exec(message)?.[1];
  const inText =
    offset !== undefined || /end of JSON input/i.test(message)
      ? new JsonLocator(text).position(Math.min(offset === undefined ? end : Number(offset), end))
      : jsonErrorPosition(text, new Error(message));
  return { line: block.firstLine + inText.line - 1, column: block.indent + inText.column };
}
