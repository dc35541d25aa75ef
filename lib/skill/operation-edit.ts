import { isMap, isScalar, LineCounter, parseDocument, type Node, type Pair } from 'yaml';
import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { splitFrontmatter } from './frontmatter';
import { yamlFlowList, yamlScalar } from './yaml-write';

/** The keys of the `operation:` block in the order `writeOperationFile` writes them: a key added goes after the last one present before it. */
const WRITTEN_ORDER = ['method', 'url', 'safety', 'status', 'content-type', 'headers', 'schema', 'body-argument', 'query', 'header', 'deep', 'body', 'optional', 'integer', 'number', 'boolean', 'list', 'identity', 'returns', 'pick', 'budget'];

/** A key the wizard sets in an operation block: a string (`safety`), a list (`pick`), or undefined to take the key out. */
export type OperationKeyValue = string | readonly string[] | undefined;

/**
 * An operation file with one key of its `operation:` block set, added or taken out, every
 * other byte of the file as it was (the person's comments, spacing and key order stay). A
 * key added goes where `writeOperationFile` puts it, so a generated file edited this way is
 * the file the writer gives for the same model. A value is written as the writer writes it:
 * a scalar plain when YAML reads it back as the same string, a list in flow style. Refused,
 * with a problem saying why, when the frontmatter does not parse or its `operation:` is not
 * a block mapping (a flow mapping is the person's to edit).
 */
export function setOperationKey(file: string, text: string, key: string, value: OperationKeyValue): Result<string> {
  return setBlockKey(file, text, 'operation', key, value, WRITTEN_ORDER);
}

/** The keys of SKILL.md's `metadata` in the order `writeManifest` writes them for a conversion. */
const METADATA_ORDER = ['source-title', 'source-version', 'source-format', 'source-sha256', 'generated-with', 'source-unresolved-references', 'source-without-unresolved'];

/**
 * SKILL.md with one key of its `metadata:` mapping set, or taken out when the value is
 * undefined, the rest of the file as it was (`setOperationKey`'s rules); a `metadata:`
 * mapping is added at the end of the frontmatter when there is none.
 */
export function setManifestMetadata(file: string, text: string, key: string, value: string | undefined): Result<string> {
  return setBlockKey(file, text, 'metadata', key, value, METADATA_ORDER);
}

function setBlockKey(file: string, text: string, parent: string, key: string, value: OperationKeyValue, order: readonly string[]): Result<string> {
  const refuse = (why: string) => fail<string>([problem('frontmatter', 'error', `${file}: ${why}, so \`${key}\` was not changed`, file)]);
  const split = splitFrontmatter(text);
  if (split.yaml === null) return refuse('the file has no frontmatter');
  const yamlStart = text.indexOf(split.yaml, 0);
  const lines = new LineCounter();
  const doc = parseDocument(split.yaml, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) return refuse('its frontmatter does not parse');
  if (!isMap(doc.contents)) return refuse('its frontmatter is not a mapping');
  const opPair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === parent);
  const block = opPair?.value as Node | null | undefined;
  const written = value === undefined ? undefined : `${key}: ${typeof value === 'string' ? yamlScalar(value) : yamlFlowList(value)}`;
  if (!opPair && parent !== 'operation' && written !== undefined) {
    const yaml = split.yaml;
    const at = yamlStart + yaml.length;
    return ok(`${text.slice(0, at)}${yaml === '' || yaml.endsWith('\n') ? '' : '\n'}${parent}:\n  ${written}\n${text.slice(at)}`);
  }
  if (!isMap(block) || block.flow) return refuse(`its \`${parent}:\` is not a block mapping`);
  const pairs = block.items as Pair<Node, Node | null>[];
  const keyOf = (p: Pair<Node, Node | null>) => (isScalar(p.key) ? String(p.key.value) : undefined);
  const found = pairs.find((p) => keyOf(p) === key);
  const yaml = split.yaml;
  const edit = (from: number, to: number, insert: string) => text.slice(0, yamlStart + from) + insert + text.slice(yamlStart + to);

  if (found) {
    const start = found.key!.range![0];
    let end = found.value?.range?.[1] ?? found.key!.range![1];
    // A block list's range runs on to the next line: the value ends at its last character.
    while (end > start && /\s/.test(yaml[end - 1])) end--;
    if (written !== undefined) return ok(edit(start, end, written));
    // The key's whole lines go, from the line's start to the line after the value's end.
    const lineStart = yaml.lastIndexOf('\n', start - 1) + 1;
    const valueEnd = found.value?.range?.[2] ?? end;
    const nextLine = yaml.indexOf('\n', Math.max(valueEnd - 1, start));
    const stop = nextLine < 0 ? yaml.length : yaml.slice(valueEnd - 1, valueEnd) === '\n' ? valueEnd : nextLine + 1;
    return ok(edit(lineStart, stop, ''));
  }
  if (written === undefined) return ok(text);
  const first = pairs[0];
  if (!first?.key?.range) return refuse(`its \`${parent}:\` block is empty`);
  const indent = first.key.range[0] - (yaml.lastIndexOf('\n', first.key.range[0] - 1) + 1);
  const rank = order.indexOf(key);
  const before = rank < 0 ? pairs.at(-1) : [...pairs].reverse().find((p) => {
    const r = order.indexOf(keyOf(p) ?? '');
    return r >= 0 && r < rank;
  });
  // After the pair before it (its value's last line, a block scalar's included), or first in the block.
  let at: number;
  if (before) {
    const end = before.value?.range?.[2] ?? before.key!.range![2];
    at = yaml[end - 1] === '\n' ? end : (() => {
      const nl = yaml.indexOf('\n', end);
      return nl < 0 ? yaml.length : nl + 1;
    })();
  } else at = first.key.range[0] - indent;
  const line = `${' '.repeat(indent)}${written}\n`;
  return ok(edit(at, at, at === yaml.length && yaml !== '' && !yaml.endsWith('\n') ? `\n${line}` : line));
}
