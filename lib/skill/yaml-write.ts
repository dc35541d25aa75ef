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
  return JSON.stringify(value);
}

export function yamlFlowList(values: readonly string[]): string {
  return `[${values.map((v) => yamlScalar(v, true)).join(', ')}]`;
}

/** A block literal (`|`) holding `text`, each line indented by `indent` spaces. */
export function yamlBlockLiteral(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return `|\n${body
    .split('\n')
    .map((l) => (l === '' ? '' : pad + l))
    .join('\n')}`;
}
