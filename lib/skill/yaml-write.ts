/**
 * The small YAML writer for the frontmatter the wizard generates. Output is canonical, so a
 * generated file parsed and written again gives the same bytes.
 */

const PLAIN_BLOCK = /^[A-Za-z0-9_/][A-Za-z0-9_.\/:{}%+~*= -]*$/;
// In a flow list `{ } [ ] ,` are indicators.
const PLAIN_FLOW = /^[A-Za-z0-9_/][A-Za-z0-9_.\/:%+~*= -]*$/;
// Words YAML 1.1 or 1.2 would read as something other than a string.
const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~|\.nan|\.inf|-?\.inf)$/i;
const NUMBERISH = /^[-+]?(\d|\.\d|0x|0o)/i;

/**
 * Characters YAML 1.2 does not allow unescaped (DEL, the C1 controls, U+FFFE, U+FFFF), and
 * those some parsers read as line breaks or refuse though 1.2 allows them (U+0085, U+2028,
 * U+2029, a byte-order mark inside the text). JSON.stringify escapes the C0 controls and
 * lone surrogates but writes these as they are: PyYAML and other parsers then refuse the file.
 */
export const YAML_UNPORTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const UNPORTABLE_ALL = new RegExp(YAML_UNPORTABLE.source, 'g');

/**
 * JSON text with each of `YAML_UNPORTABLE` written as its `\uXXXX` escape: the same JSON
 * value, which every YAML parser reads in a double-quoted scalar or a block literal.
 */
export function escapeUnportable(json: string): string {
  if (!YAML_UNPORTABLE.test(json)) return json;
  return json.replace(UNPORTABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function yamlScalar(value: string, flow = false): string {
  if (
    (flow ? PLAIN_FLOW : PLAIN_BLOCK).test(value) &&
    !/[ :]$/.test(value) &&
    !value.includes(': ') &&
    !value.includes(' #') &&
    !RESERVED.test(value) &&
    !NUMBERISH.test(value)
  ) {
    return value;
  }
  // A JSON string is a valid YAML double-quoted scalar.
  return escapeUnportable(JSON.stringify(value));
}

export function yamlFlowList(values: readonly string[]): string {
  return yamlFlowListItems(values).text;
}

/** A flow list `[a, "b c"]`, and the offset in it where each item starts. */
export function yamlFlowListItems(values: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  // Concatenated, not joined: V8's join writes two bytes a character when an item is a
  // string V8 has since internalized (a parameter's name, used as a key), whatever its
  // characters, and every file holding the list then takes twice the memory.
  let text = '[';
  values.forEach((v, i) => {
    if (i > 0) text += ', ';
    starts.push(text.length);
    text += yamlScalar(v, true);
  });
  return { text: `${text}]`, starts };
}

/** A block literal (`|`) holding `text`, each line indented by `indent` spaces. */
export function yamlBlockLiteral(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  // Without an empty line (a schema's JSON never has one), every line is indented: one replace, not a copy per line.
  if (body !== '' && !body.includes('\n\n') && !body.startsWith('\n') && !body.endsWith('\n')) return `|\n${pad}${body.replaceAll('\n', `\n${pad}`)}`;
  return `|\n${body
    .split('\n')
    .map((l) => (l === '' ? '' : pad + l))
    .join('\n')}`;
}
