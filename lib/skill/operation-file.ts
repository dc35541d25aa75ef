import { problem, type Problem } from '../core/problem';
import { isPlainObject } from '../core/entries';
import { frontmatterFromSpots, parseFrontmatter, splitFrontmatter, type Frontmatter, type NodeSpot, type Position, type SplitFile } from './frontmatter';
import { JsonLocator } from '../core/json-locate';
import { lineFinder } from '../core/lines';
import { joinPointer } from '../core/json-pointer';
import { yamlBlockLiteral, yamlFlowListItems, yamlScalar } from './yaml-write';
import { formatSchemaJson, type SchemaTextMemo } from './schema-text';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * The list-valued keys of an `operation:` block: where arguments go (SPEC 1.3, 7.1:
 * `query`, `header`, `deep`), the flat-list form (1.4), `identity` (1.3) and `pick` (8.1).
 */
export const LIST_KEYS = ['query', 'header', 'deep', 'body', 'optional', 'integer', 'number', 'boolean', 'list', 'identity', 'pick'] as const;
export type ListKey = (typeof LIST_KEYS)[number];
export const FLAT_KEYS = ['body', 'optional', 'integer', 'number', 'boolean', 'list'] as const;
/** The operation's promise about state (SPEC 8.1), in RFC 9110's terms. */
export const SAFETY_VALUES = ['safe', 'idempotent', 'unsafe'] as const;
export type Safety = (typeof SAFETY_VALUES)[number];
/**
 * Every key an `operation:` block may hold: SPEC 1.3, with 7.1's request keys
 * (`content-type`, `header`, `headers`, `deep`, `body-argument`) and 8.1's promises
 * (`safety`, `returns`, `status`, `pick`, `budget`).
 */
export const OPERATION_KEYS = ['method', 'url', 'safety', 'status', 'content-type', 'headers', 'schema', 'body-argument', ...LIST_KEYS, 'returns', 'budget'] as const;
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
  /** `content-type` when it is a string (SPEC 7.1); absent means `application/json`. */
  contentType?: string;
  /** `headers`, the fixed headers, when a mapping: its string values (others dropped; the rules report them). */
  fixedHeaders?: Record<string, string>;
  /** `body-argument` when it is a string (SPEC 7.1). */
  bodyArgument?: string;
  /** `safety` as written, when a string (SPEC 8.1); `declaredSafety` gives the value in force. */
  safety?: string;
  /** `returns`' text, when a string (SPEC 8.1). */
  returnsText?: string;
  /** The parsed `returns` schema, when `returnsText` is JSON. */
  returns?: unknown;
  returnsError?: { message: string; position: Position };
}

/** The safety in force: the declared value when it is one of the three, else the method's default (SPEC 8.1). */
export function declaredSafety(d: Pick<Declaration, 'method' | 'safety'>): Safety {
  if (d.safety !== undefined && (SAFETY_VALUES as readonly string[]).includes(d.safety)) return d.safety as Safety;
  return methodSafety(d.method);
}

/** The default safety of a method (SPEC 8.1): `GET`/`HEAD` safe, `PUT`/`DELETE` idempotent, others unsafe. */
export function methodSafety(method: string): Safety {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'safe';
  if (m === 'PUT' || m === 'DELETE') return 'idempotent';
  return 'unsafe';
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
  /** Position in the file of a JSON pointer into `returns` (`/properties/id`). */
  returnsPosition(pointer: string): Position;
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
  let returnsLocator: JsonLocator | undefined;
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
    if (declaration.returnsText !== undefined) {
      try {
        declaration.returns = JSON.parse(declaration.returnsText);
        returnsLocator = new JsonLocator(declaration.returnsText);
      } catch (e) {
        declaration.returnsError = { message: (e as Error).message, position: position('/operation/returns') };
      }
    }
  }
  const blockPosition = (key: 'schema' | 'returns', locator: JsonLocator | undefined, pointer: string): Position => {
    const block = frontmatter?.blockScalar(`/operation/${key}`);
    if (!locator || !block) return position(`/operation/${key}`);
    const at = locator.locate(pointer);
    return { line: block.firstLine + at.line - 1, column: block.indent + at.column };
  };
  const schemaPosition = (pointer: string): Position => blockPosition('schema', schemaLocator, pointer);
  const returnsPosition = (pointer: string): Position => blockPosition('returns', returnsLocator, pointer);
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
    returnsPosition,
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
    contentType: typeof raw['content-type'] === 'string' ? raw['content-type'] : undefined,
    fixedHeaders: isPlainObject(raw.headers)
      ? Object.fromEntries(Object.entries(raw.headers).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined,
    bodyArgument: typeof raw['body-argument'] === 'string' ? raw['body-argument'] : undefined,
    safety: typeof raw.safety === 'string' ? raw.safety : undefined,
    returnsText: typeof raw.returns === 'string' ? raw.returns : undefined,
  };
}

/** What the wizard writes into an operation file's frontmatter. */
export interface OperationFileModel {
  operation?: {
    method: Method;
    url: string;
    /** SPEC 8.1; written only when given (absent means the method's default). */
    safety?: string;
    /** The success status when not 200 (SPEC 8.1). */
    status?: number;
    /** The body's media type when not `application/json` (SPEC 7.1: `content-type`). */
    contentType?: string;
    /** Fixed headers sent with every call (SPEC 7.1: `headers`), in the order written. */
    headers?: Record<string, string>;
    /** Schema form (what the wizard writes). */
    schema?: unknown;
    /** The argument whose value is the whole body (SPEC 7.1: `body-argument`). */
    bodyArgument?: string;
    query?: string[];
    /** Arguments sent as headers, and arguments sent in bracket style (SPEC 7.1). */
    header?: string[];
    deep?: string[];
    /** Flat-list form. */
    body?: string[];
    optional?: string[];
    integer?: string[];
    number?: string[];
    boolean?: string[];
    list?: string[];
    identity?: string[];
    /** The success response's schema (SPEC 8.1), written as a block like `schema`. */
    returns?: unknown;
    /** Fields kept from the response (SPEC 8.1). */
    pick?: string[];
    budget?: { bytes?: number; seconds?: number };
  };
  approval?: { matches: string; binds?: string[] };
  prose: string;
}

/** The list keys written before `returns`, in the order the writer writes them; `pick` follows `returns`. */
const WRITTEN_LIST_KEYS = ['query', 'header', 'deep', ...FLAT_KEYS, 'identity'] as const;

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
  // `  key:` alone inside the operation block, its keys indented by 4 on the lines after.
  const submapping = (pointer: string, key: string) => {
    spots.set(pointer, { key: offset + 2, value: offset + 2 + key.length + 2 + 4 });
    line(`  ${key}:`);
  };
  // A `|` block holding JSON, its content indented by 4 on the lines after the key.
  const block = (key: 'schema' | 'returns', value: unknown, counted: boolean): string => {
    const json = formatSchemaJson(value, 0, memo);
    const literal = yamlBlockLiteral(json, 4);
    pair(`/operation/${key}`, 2, key, '|', { firstLine: lines + 3, indent: 4 });
    const content = literal.slice(2);
    parts.push(content, '\n');
    offset += content.length + 1;
    // Lines are counted only when a block after this one needs its first line's number
    // (every other position comes from offsets).
    lines = counted ? lines + 1 + countLines(content) : Number.NaN;
    return `${json}\n`;
  };
  const data: Record<string, unknown> = {};
  const op = model.operation;
  if (op) {
    const written: Record<string, unknown> = { method: op.method, url: op.url };
    mapping('/operation', 'operation');
    pair('/operation/method', 2, 'method', op.method);
    pair('/operation/url', 2, 'url', yamlScalar(op.url));
    if (op.safety !== undefined) {
      pair('/operation/safety', 2, 'safety', yamlScalar(op.safety));
      written.safety = op.safety;
    }
    if (op.status !== undefined) {
      pair('/operation/status', 2, 'status', String(op.status));
      written.status = op.status;
    }
    if (op.contentType !== undefined) {
      pair('/operation/content-type', 2, 'content-type', yamlScalar(op.contentType));
      written['content-type'] = op.contentType;
    }
    if (op.headers !== undefined && Object.keys(op.headers).length > 0) {
      const headers: Record<string, string> = {};
      submapping('/operation/headers', 'headers');
      for (const [name, value] of Object.entries(op.headers)) {
        pair(joinPointer('/operation/headers', name), 4, yamlScalar(name), yamlScalar(value));
        headers[name] = value;
      }
      written.headers = headers;
    }
    if (op.schema !== undefined) written.schema = block('schema', op.schema, op.returns !== undefined);
    if (op.bodyArgument !== undefined) {
      pair('/operation/body-argument', 2, 'body-argument', yamlScalar(op.bodyArgument));
      written['body-argument'] = op.bodyArgument;
    }
    for (const key of WRITTEN_LIST_KEYS) {
      const v = op[key];
      if (v && (v.length > 0 || key === 'body')) {
        list(`/operation/${key}`, key, v);
        written[key] = [...v];
      }
    }
    if (op.returns !== undefined) written.returns = block('returns', op.returns, false);
    if (op.pick && op.pick.length > 0) {
      list('/operation/pick', 'pick', op.pick);
      written.pick = [...op.pick];
    }
    if (op.budget !== undefined) {
      const budget: Record<string, number> = {};
      submapping('/operation/budget', 'budget');
      for (const key of ['bytes', 'seconds'] as const) {
        const n = op.budget[key];
        if (n === undefined) continue;
        pair(`/operation/budget/${key}`, 4, key, String(n));
        budget[key] = n;
      }
      written.budget = budget;
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
    try {
      if (declaration.schemaText !== undefined) declaration.schema = JSON.parse(declaration.schemaText);
      if (declaration.returnsText !== undefined) declaration.returns = JSON.parse(declaration.returnsText);
    } catch {
      return { text, parsed: parseOperationFile(file, text) };
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
  let returnsLocator: JsonLocator | undefined;
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
    returnsPosition(pointer) {
      const block = frontmatter.blockScalar('/operation/returns');
      if (declaration?.returnsText === undefined || declaration.returns === undefined || !block) return position('/operation/returns');
      const at = (returnsLocator ??= new JsonLocator(declaration.returnsText)).locate(pointer);
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
    if (d.safety !== undefined) op.safety = d.safety;
    if (typeof d.raw.status === 'number') op.status = d.raw.status;
    if (d.contentType !== undefined) op.contentType = d.contentType;
    if (d.fixedHeaders !== undefined) op.headers = d.fixedHeaders;
    if (d.schema !== undefined) op.schema = d.schema;
    if (d.bodyArgument !== undefined) op.bodyArgument = d.bodyArgument;
    for (const key of LIST_KEYS) if (d.raw[key] !== undefined) op[key] = d.lists[key];
    if (d.returns !== undefined) op.returns = d.returns;
    if (isPlainObject(d.raw.budget)) {
      const budget: { bytes?: number; seconds?: number } = {};
      for (const key of ['bytes', 'seconds'] as const) if (typeof d.raw.budget[key] === 'number') budget[key] = d.raw.budget[key];
      op.budget = budget;
    }
    model.operation = op;
  }
  const a = parsed.approval;
  if (isPlainObject(a) && typeof a.matches === 'string') {
    model.approval = { matches: a.matches };
    if (Array.isArray(a.binds)) model.approval.binds = a.binds.filter((x): x is string => typeof x === 'string');
  }
  return model;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
