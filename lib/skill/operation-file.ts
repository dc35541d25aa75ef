import { problem, type Problem } from '../core/problem';
import { isPlainObject } from '../core/entries';
import { frontmatterFromSpots, parseFrontmatter, splitFrontmatter, type Frontmatter, type NodeSpot, type Position, type SplitFile } from './frontmatter';
import { JsonLocator } from '../core/json-locate';
import { lineFinder } from '../core/lines';
import { yamlBlockLiteral, yamlFlowListItems, yamlScalar } from './yaml-write';
import { formatSchemaJson, type SchemaTextMemo } from './schema-text';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** The list-valued keys of an `operation:` block (SPEC 1.3). */
export const LIST_KEYS = ['query', 'body', 'optional', 'integer', 'number', 'boolean', 'list', 'identity'] as const;
export type ListKey = (typeof LIST_KEYS)[number];
export const FLAT_KEYS = ['body', 'optional', 'integer', 'number', 'boolean', 'list'] as const;
export const OPERATION_KEYS = ['method', 'url', 'schema', ...LIST_KEYS] as const;
export const FILE_KEYS = ['operation', 'approval'] as const;

/** An `operation:` block as read, with the raw values kept for the rules to judge. */
export interface Declaration {
  raw: Record<string, unknown>;
  method: string;
  url: string;
  /** `schema` when only a schema is given, `flat` when only flat lists, `both`, or `none` (neither). */
  form: 'schema' | 'flat' | 'both' | 'none';
  schemaText?: string;
  /** The parsed schema, when `schemaText` is JSON. */
  schema?: unknown;
  schemaError?: { message: string; position: Position };
  /** Every list key, as the strings it holds (non-strings dropped; the rules report them). */
  lists: Record<ListKey, string[]>;
}

export interface OperationFile {
  /** File name in the skill folder, e.g. `create_pet.md`. */
  file: string;
  baseName: string;
  text: string;
  split: SplitFile;
  frontmatter?: Frontmatter;
  /** The frontmatter's top-level mapping ({} when absent or not a mapping). */
  data: Record<string, unknown>;
  prose: string;
  declaration?: Declaration;
  approval?: unknown;
  /** Problems found while reading (YAML syntax, a frontmatter that is not a mapping). */
  problems: Problem[];
  /** Position in the file of a JSON pointer into the frontmatter (`/operation/url`). */
  position(pointer: string): Position;
  /** Position in the file of a JSON pointer into the schema (`/properties/name`). */
  schemaPosition(pointer: string): Position;
}

/** Read one operation file (SPEC 1.2). Never throws; problems are returned on the file. */
export function parseOperationFile(file: string, text: string): OperationFile {
  const baseName = file.replace(/\.md$/, '');
  const split = splitFrontmatter(text);
  const problems: Problem[] = [];
  let frontmatter: Frontmatter | undefined;
  let data: Record<string, unknown> = {};
  if (split.unterminated) {
    problems.push(problem('frontmatter', 'error', 'The frontmatter opened with `---` is never closed by a `---` line', file, { line: 1, column: 1 }));
  }
  if (split.yaml !== null) {
    frontmatter = parseFrontmatter(split.yaml, file, split.yamlStartLine);
    problems.push(...frontmatter.problems);
    if (isPlainObject(frontmatter.data)) data = frontmatter.data;
    else if (frontmatter.data !== undefined && frontmatter.data !== null) {
      problems.push(problem('frontmatter', 'error', 'The frontmatter must be a YAML mapping', file, { line: split.yamlStartLine, column: 1 }));
    }
  }
  const position = (pointer: string): Position =>
    frontmatter ? frontmatter.keyPosition(pointer) : { line: 1, column: 1 };

  let declaration: Declaration | undefined;
  let schemaLocator: JsonLocator | undefined;
  const rawOperation = data.operation;
  if (isPlainObject(rawOperation)) {
    declaration = readDeclaration(rawOperation);
    if (declaration.schemaText !== undefined) {
      try {
        declaration.schema = JSON.parse(declaration.schemaText);
        schemaLocator = new JsonLocator(declaration.schemaText);
      } catch (e) {
        declaration.schemaError = {
          message: (e as Error).message,
          position: position('/operation/schema'),
        };
      }
    }
  }
  const schemaPosition = (pointer: string): Position => {
    const block = frontmatter?.blockScalar('/operation/schema');
    if (!schemaLocator || !block) return position('/operation/schema');
    const at = schemaLocator.locate(pointer);
    return { line: block.firstLine + at.line - 1, column: block.indent + at.column };
  };
  return {
    file,
    baseName,
    text,
    split,
    frontmatter,
    data,
    prose: split.prose,
    declaration,
    approval: data.approval,
    problems,
    position,
    schemaPosition,
  };
}

function readDeclaration(raw: Record<string, unknown>): Declaration {
  const lists = {} as Record<ListKey, string[]>;
  for (const key of LIST_KEYS) {
    const v = raw[key];
    lists[key] = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }
  const hasSchema = raw.schema !== undefined;
  const hasFlat = FLAT_KEYS.some((k) => raw[k] !== undefined);
  return {
    raw,
    method: typeof raw.method === 'string' ? raw.method : '',
    url: typeof raw.url === 'string' ? raw.url : '',
    form: hasSchema && hasFlat ? 'both' : hasSchema ? 'schema' : hasFlat ? 'flat' : 'none',
    schemaText: typeof raw.schema === 'string' ? raw.schema : undefined,
    lists,
  };
}

/** What the wizard writes into an operation file's frontmatter. */
export interface OperationFileModel {
  operation?: {
    method: Method;
    url: string;
    /** Schema form (what the wizard writes). */
    schema?: unknown;
    query?: string[];
    /** Flat-list form. */
    body?: string[];
    optional?: string[];
    integer?: string[];
    number?: string[];
    boolean?: string[];
    list?: string[];
    identity?: string[];
  };
  approval?: { matches: string; binds?: string[] };
  prose: string;
}

/** The list keys in the order the writer writes them. */
const WRITTEN_LIST_KEYS = ['query', ...FLAT_KEYS, 'identity'] as const;

/**
 * What `writeOperationFile` writes, and what a YAML parser reads back from that text: the
 * frontmatter's data (each key in the order it is written, the schema block's text with the
 * line break a `|` block keeps), and where each key, value and list item starts in the YAML
 * (offsets, as `parseFrontmatter` records them). `memo`: see `formatSchemaJson`.
 */
function writtenOperationFile(model: OperationFileModel, memo?: SchemaTextMemo): {
  text: string;
  yaml: string | null;
  /** The model's prose, as the end of `text`. */
  prose: string;
  data: Record<string, unknown>;
  spots: Map<string, NodeSpot>;
} {
  // The YAML as pieces joined once, and the offset where the next line starts.
  const parts: string[] = [];
  const spots = new Map<string, NodeSpot>();
  let offset = 0;
  let lines = 0;
  const line = (text: string) => {
    parts.push(text, '\n');
    offset += text.length + 1;
    lines++;
  };
  // `  key: value` on the next line: the key after the indent, the value after `: `.
  const pair = (pointer: string, indent: number, key: string, value: string, block?: NodeSpot['block']) => {
    spots.set(pointer, { key: offset + indent, value: offset + indent + key.length + 2, block });
    line(`${' '.repeat(indent)}${key}: ${value}`);
  };
  // `  key: [a, "b c"]`, each item a spot of its own.
  const list = (pointer: string, key: string, values: readonly string[]) => {
    const { text, starts } = yamlFlowListItems(values);
    const at = offset + 2 + key.length + 2;
    starts.forEach((start, i) => spots.set(`${pointer}/${i}`, { value: at + start }));
    pair(pointer, 2, key, text);
  };
  // `key:` alone: the mapping's value starts where its first key does, on the next line.
  const mapping = (pointer: string, key: string) => {
    spots.set(pointer, { key: offset, value: offset + key.length + 2 + 2 });
    line(`${key}:`);
  };
  const data: Record<string, unknown> = {};
  const op = model.operation;
  if (op) {
    const written: Record<string, unknown> = { method: op.method, url: op.url };
    mapping('/operation', 'operation');
    pair('/operation/method', 2, 'method', op.method);
    pair('/operation/url', 2, 'url', yamlScalar(op.url));
    if (op.schema !== undefined) {
      const json = formatSchemaJson(op.schema, 0, memo);
      const literal = yamlBlockLiteral(json, 4);
      // The block's content starts on the line after `|` (file line = YAML line + 1), indented by 4.
      pair('/operation/schema', 2, 'schema', '|', { firstLine: lines + 3, indent: 4 });
      // Its lines are not counted: no spot after it needs a line number (positions come from offsets).
      const content = literal.slice(2);
      parts.push(content, '\n');
      offset += content.length + 1;
      lines = Number.NaN;
      written.schema = `${json}\n`;
    }
    for (const key of WRITTEN_LIST_KEYS) {
      const v = op[key];
      if (v && (v.length > 0 || key === 'body')) {
        list(`/operation/${key}`, key, v);
        written[key] = [...v];
      }
    }
    data.operation = written;
  }
  if (model.approval) {
    const approval: Record<string, unknown> = { matches: model.approval.matches };
    mapping('/approval', 'approval');
    pair('/approval/matches', 2, 'matches', yamlScalar(model.approval.matches));
    if (model.approval.binds) {
      list('/approval/binds', 'binds', model.approval.binds);
      approval.binds = [...model.approval.binds];
    }
    data.approval = approval;
  }
  if (parts.length === 0) return { text: model.prose, yaml: null, prose: model.prose, data, spots };
  // The file joined once, its YAML and prose slices of it: a conversion keeps hundreds of
  // files, and the pieces joined apart would be kept beside them (Kubernetes: 11 MB more to
  // copy from the young generation).
  parts.unshift('---\n');
  parts.push('---\n', model.prose);
  const text = parts.join('');
  const proseStart = text.length - model.prose.length;
  return { text, yaml: text.slice(4, proseStart - 4), prose: text.slice(proseStart), data, spots };
}

/**
 * Write an operation file. The output is canonical: parsing it and writing the model read
 * back gives the same bytes.
 */
export function writeOperationFile(model: OperationFileModel): string {
  return writtenOperationFile(model).text;
}

/**
 * Write an operation file and read it at once: the text `writeOperationFile` gives, and the
 * `OperationFile` `parseOperationFile` gives for that text, built from the model instead of
 * parsing the text again (a conversion writes hundreds of files that the rules then read;
 * SPEC 4, 5). Equal to `parseOperationFile(file, text)` field for field, positions included
 * (the writer knows where it put each key): `lib/convert/corpus.test.ts` compares them for
 * every file of every vendor spec, `operation-file.test.ts` for hostile and random values. A
 * model whose schema does not come back as JSON (none the converter writes) is parsed from
 * its text. `memo`: the texts of subtrees the schemas of a run of writes share (the same
 * text either way; `formatSchemaJson`).
 */
export function writeAndReadOperationFile(file: string, model: OperationFileModel, memo?: SchemaTextMemo): { text: string; parsed: OperationFile } {
  const { text, yaml, prose, data, spots } = writtenOperationFile(model, memo);
  if (yaml === null) return { text, parsed: parseOperationFile(file, text) };
  let declaration: Declaration | undefined;
  if (isPlainObject(data.operation)) {
    declaration = readDeclaration(data.operation);
    if (declaration.schemaText !== undefined) {
      try {
        declaration.schema = JSON.parse(declaration.schemaText);
      } catch {
        return { text, parsed: parseOperationFile(file, text) };
      }
    }
  }
  const split: SplitFile = { yaml, yamlStartLine: 2, prose, unterminated: false };
  // An offset into the YAML as a file position: the YAML starts on the file's line 2. Its
  // lines are found when a position is first asked for (most files are never asked), only
  // as far as asked (the url, near the top, above the schema).
  let line: ReturnType<typeof lineFinder> | undefined;
  const toFile = (at: number): Position => {
    const { index, start } = (line ??= lineFinder(yaml))(at);
    return { line: index + split.yamlStartLine, column: at - start + 1 };
  };
  const frontmatter = frontmatterFromSpots(data, [], spots, toFile, split.yamlStartLine);
  const position = (pointer: string): Position => frontmatter.keyPosition(pointer);
  let schemaLocator: JsonLocator | undefined;
  const parsed: OperationFile = {
    file,
    baseName: file.replace(/\.md$/, ''),
    text,
    split,
    frontmatter,
    data,
    prose,
    declaration,
    approval: data.approval,
    problems: [],
    position,
    schemaPosition(pointer) {
      const block = frontmatter.blockScalar('/operation/schema');
      if (declaration?.schemaText === undefined || declaration.schema === undefined || !block) return position('/operation/schema');
      const at = (schemaLocator ??= new JsonLocator(declaration.schemaText)).locate(pointer);
      return { line: block.firstLine + at.line - 1, column: block.indent + at.column };
    },
  };
  return { text, parsed };
}

/** The model of a parsed file, for writing it back (only the keys the writer knows). */
export function operationFileModel(parsed: OperationFile): OperationFileModel {
  const model: OperationFileModel = { prose: parsed.prose };
  const d = parsed.declaration;
  if (d) {
    const op: NonNullable<OperationFileModel['operation']> = { method: d.method as Method, url: d.url };
    if (d.schema !== undefined) op.schema = d.schema;
    for (const key of LIST_KEYS) if (d.raw[key] !== undefined) op[key] = d.lists[key];
    model.operation = op;
  }
  const a = parsed.approval;
  if (isPlainObject(a) && typeof a.matches === 'string') {
    model.approval = { matches: a.matches };
    if (Array.isArray(a.binds)) model.approval.binds = a.binds.filter((x): x is string => typeof x === 'string');
  }
  return model;
}
