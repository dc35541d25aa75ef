import { problem, type Problem } from '../core/problem';
import { isPlainObject } from '../core/entries';
import { parseFrontmatter, splitFrontmatter, type Frontmatter, type Position, type SplitFile } from './frontmatter';
import { JsonLocator } from '../core/json-locate';
import { yamlBlockLiteral, yamlFlowList, yamlScalar } from './yaml-write';
import { formatSchemaJson } from './schema-text';

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

/**
 * Write an operation file. The output is canonical: parsing it and writing the model read
 * back gives the same bytes.
 */
export function writeOperationFile(model: OperationFileModel): string {
  const lines: string[] = [];
  const op = model.operation;
  if (op) {
    lines.push('operation:', `  method: ${op.method}`, `  url: ${yamlScalar(op.url)}`);
    if (op.schema !== undefined) lines.push(`  schema: ${yamlBlockLiteral(formatSchemaJson(op.schema), 4)}`);
    for (const key of ['query', ...FLAT_KEYS, 'identity'] as const) {
      const v = op[key];
      if (v && (v.length > 0 || key === 'body')) lines.push(`  ${key}: ${yamlFlowList(v)}`);
    }
  }
  if (model.approval) {
    lines.push('approval:', `  matches: ${yamlScalar(model.approval.matches)}`);
    if (model.approval.binds) lines.push(`  binds: ${yamlFlowList(model.approval.binds)}`);
  }
  if (lines.length === 0) return model.prose;
  return `---\n${lines.join('\n')}\n---\n${model.prose}`;
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
