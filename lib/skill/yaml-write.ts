/**
 * The small YAML writer for the frontmatter the wizard generates. Output is canonical, so a
 * generated file parsed and written again gives the same bytes.
 */

const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9_.\/:{}%+~-]*$/;
// Words YAML 1.1 or 1.2 would read as something other than a string.
const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~|\.nan|\.inf|-?\.inf)$/i;
const NUMBERISH = /^[-+]?(\d|\.\d|0x|0o)/i;

export function yamlScalar(value: string): string {
  if (value !== '' && PLAIN.test(value) && !RESERVED.test(value) && !NUMBERISH.test(value) && !value.includes(': ')) {
    return value;
  }
  // A JSON string is a valid YAML double-quoted scalar.
  return JSON.stringify(value);
}

export function yamlFlowList(values: readonly string[]): string {
  return `[${values.map(yamlScalar).join(', ')}]`;
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
