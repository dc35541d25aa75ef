import { isPlainObject } from '../core/entries';
import { collectRefs, decodeRefName, TYPE_REF_PREFIX } from '../publish/expand';
import { argumentsSchema, type JsonSchema } from '../skill/arguments';
import { METHODS, type Declaration, type Method, type OperationFile } from '../skill/operation-file';
import { TYPE_NAME } from '../skill/types-file';

/**
 * Facts several rules derive from one operation file. Each is a pure function of the file;
 * the costlier ones are memoized per parsed file, which the incremental checker relies on
 * to keep package rules O(files).
 */

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
const SCALAR_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean']);

/** The declaration's method when it is one of SPEC 1.3's six, else undefined. */
export function methodOf(d: Declaration): Method | undefined {
  return (METHODS as readonly string[]).includes(d.method) ? (d.method as Method) : undefined;
}

/** The flat-list form, or neither form (only `query`/`identity`), which converts as flat (SPEC 1.4). */
export function isFlat(d: Declaration): boolean {
  return d.form === 'flat' || d.form === 'none';
}

/**
 * The arguments as one schema, when the declaration has one form (`arguments-form` reports
 * `both`, and the rules about arguments stay quiet rather than guess).
 */
export function argumentSchema(d: Declaration): JsonSchema | undefined {
  if (d.form === 'both') return undefined;
  return argumentsSchema(d);
}

/** The argument schema's `properties`, when it is an object. */
export function argumentProperties(d: Declaration): Record<string, unknown> | undefined {
  const schema = argumentSchema(d);
  return schema && isPlainObject(schema.properties) ? schema.properties : undefined;
}

/**
 * The schema form's root schema and its `properties`, when the schema is an object and they
 * are an object of arguments; a schema that is not is `schema-json`'s to report, and the
 * rules about single arguments stay quiet.
 */
export function schemaFormArguments(d: Declaration): { schema: JsonSchema; properties: Record<string, unknown> } | undefined {
  if (d.form !== 'schema' || !isPlainObject(d.schema) || !isPlainObject(d.schema.properties)) return undefined;
  return { schema: d.schema, properties: d.schema.properties };
}

/** The string entries of a raw list value with their index (for `/operation/query/2`). */
export function rawList(container: unknown, key: string): { name: string; index: number }[] {
  if (!isPlainObject(container)) return [];
  const value = container[key];
  if (!Array.isArray(value)) return [];
  const out: { name: string; index: number }[] = [];
  value.forEach((v, index) => {
    if (typeof v === 'string') out.push({ name: v, index });
  });
  return out;
}

const proseLines = new WeakMap<OperationFile, number>();

/** 1-based file line where the prose starts (after the frontmatter's closing fence). */
export function proseStartLine(op: OperationFile): number {
  let line = proseLines.get(op);
  if (line === undefined) {
    const end = op.text.length - op.prose.length;
    line = 1;
    for (let i = op.text.indexOf('\n'); i !== -1 && i < end; i = op.text.indexOf('\n', i + 1)) line++;
    proseLines.set(op, line);
  }
  return line;
}

/** The schema a site stands for: `$ref`s to shared types followed, or undefined when one is broken. */
export function resolveSchema(schema: unknown, types: ReadonlyMap<string, unknown>): unknown {
  let s = schema;
  for (let hops = 0; hops < 32; hops++) {
    if (!isPlainObject(s) || !Object.hasOwn(s, '$ref')) return s;
    const ref = s.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) return undefined;
    const name = decodeRefName(ref);
    if (!types.has(name)) return undefined;
    // A site with its own `type` next to the `$ref` says what it is.
    if (typeof s.type === 'string' || Array.isArray(s.type)) return s;
    s = types.get(name);
  }
  return undefined;
}

/**
 * Whether a schema is of a scalar type: `string`, `integer`, `number` or `boolean`, a list
 * of those (with `null` when `allowNull`), or an `enum`/`const` of scalar values. Undefined
 * when a broken `$ref` makes it unknowable (`refs` reports that).
 */
export function isScalarSchema(schema: unknown, types: ReadonlyMap<string, unknown>, allowNull = false): boolean | undefined {
  const s = resolveSchema(schema, types);
  if (s === undefined) return undefined;
  if (!isPlainObject(s)) return false;
  const scalar = (t: unknown) => typeof t === 'string' && (SCALAR_TYPES.has(t) || (allowNull && t === 'null'));
  if (typeof s.type === 'string') return SCALAR_TYPES.has(s.type);
  if (Array.isArray(s.type)) return s.type.length > 0 && s.type.every(scalar) && s.type.some((t) => t !== 'null');
  const scalarValue = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v) || (allowNull && v === null);
  if (Array.isArray(s.enum)) return s.enum.length > 0 && s.enum.every(scalarValue);
  if (Object.hasOwn(s, 'const')) return scalarValue(s.const);
  return false;
}

/** Whether a schema is an array whose items are scalars (a repeated query parameter, SPEC 1.3). */
export function isScalarArraySchema(schema: unknown, types: ReadonlyMap<string, unknown>): boolean | undefined {
  const s = resolveSchema(schema, types);
  if (s === undefined) return undefined;
  if (!isPlainObject(s)) return false;
  const isArray = s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array') && s.type.every((t) => t === 'array' || t === 'null'));
  if (!isArray) return false;
  return isScalarSchema(s.items, types, true);
}

/**
 * The shapes of JSON value a schema admits at its root, as far as a rule needs them to
 * place an argument (SPEC 7.1, 7.4): `scalar` (string, number, integer, boolean), `null`,
 * `object`, `scalar-list` (an array whose items are scalars or null) and `nested-list` (an
 * array whose items may be objects or arrays). Read from `type`, `enum`/`const` and the
 * branches of `anyOf`/`oneOf` (their union) and `allOf` (their intersection), `$ref`s to
 * shared types followed. `'any'` when nothing constrains the shape (`{}`, `true`), or when a
 * broken `$ref` makes it unknowable (`refs` reports that).
 */
export type ValueShape = 'scalar' | 'null' | 'object' | 'scalar-list' | 'nested-list';

export function valueShapes(schema: unknown, types: ReadonlyMap<string, unknown>): ReadonlySet<ValueShape> | 'any' {
  return shapesOf(schema, types, 0);
}

function shapesOf(schema: unknown, types: ReadonlyMap<string, unknown>, depth: number): ReadonlySet<ValueShape> | 'any' {
  if (depth > 32) return 'any';
  const s = resolveSchema(schema, types);
  if (s === false) return new Set();
  if (!isPlainObject(s)) return 'any';
  let found: Set<ValueShape> | 'any' = 'any';
  const narrow = (more: ReadonlySet<ValueShape> | 'any') => {
    if (more === 'any') return;
    found = found === 'any' ? new Set(more) : new Set([...found].filter((k) => more.has(k)));
  };
  const typeList = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : undefined;
  if (typeList) {
    const kinds = new Set<ValueShape>();
    for (const t of typeList) {
      if (t === 'string' || t === 'number' || t === 'integer' || t === 'boolean') kinds.add('scalar');
      else if (t === 'null') kinds.add('null');
      else if (t === 'object') kinds.add('object');
      else if (t === 'array') kinds.add(listShape(s, types, depth));
    }
    narrow(kinds);
  }
  const values = Array.isArray(s.enum) ? s.enum : Object.hasOwn(s, 'const') ? [s.const] : undefined;
  if (values) narrow(new Set(values.map(shapeOfValue)));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const union = new Set<ValueShape>();
    let open = false;
    for (const b of branches) {
      const k = shapesOf(b, types, depth + 1);
      if (k === 'any') open = true;
      else for (const x of k) union.add(x);
    }
    if (!open) narrow(union);
  }
  if (Array.isArray(s.allOf)) for (const b of s.allOf) narrow(shapesOf(b, types, depth + 1));
  return found;
}

function listShape(s: Record<string, unknown>, types: ReadonlyMap<string, unknown>, depth: number): ValueShape {
  if (!Object.hasOwn(s, 'items')) return 'nested-list';
  const items = shapesOf(s.items, types, depth + 1);
  if (items === 'any') return 'nested-list';
  return [...items].every((k) => k === 'scalar' || k === 'null') ? 'scalar-list' : 'nested-list';
}

function shapeOfValue(v: unknown): ValueShape {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.every((i) => i === null || typeof i !== 'object') ? 'scalar-list' : 'nested-list';
  return typeof v === 'object' ? 'object' : 'scalar';
}

/** Whether a shape set holds `object` or `nested-list`: a value that cannot be sent flat (form field, header). */
export function admitsNested(shapes: ReadonlySet<ValueShape> | 'any'): boolean {
  return shapes !== 'any' && (shapes.has('object') || shapes.has('nested-list'));
}

const refLists = new WeakMap<object, { ref: unknown; pointer: string }[]>();

/** `collectRefs` of a parsed schema, walked once per schema object (`refs` and `types-unused` share it). */
export function refsOf(schema: unknown): { ref: unknown; pointer: string }[] {
  if (schema === null || typeof schema !== 'object') return [];
  let found = refLists.get(schema);
  if (!found) {
    found = collectRefs(schema);
    refLists.set(schema, found);
  }
  return found;
}

/**
 * `refsOf` an operation's schema: none, without walking it, when its text names no `$ref`. A
 * `$ref` key of the parsed schema is written in the text as `$ref`, or with a `\u` escape
 * (`"\u0024ref"`); a text with neither holds none (most files: Stripe's every one).
 */
export function declarationRefs(d: Declaration): { ref: unknown; pointer: string }[] {
  if (d.schemaText !== undefined && !d.schemaText.includes('$ref') && !d.schemaText.includes('\\u')) return [];
  return refsOf(d.schema);
}

const refNames = new WeakMap<object, string[]>();

/** The shared types a schema names directly (well-formed `#/types/Name` references only). */
export function typeRefNames(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  let names = refNames.get(schema);
  if (!names) {
    const set = new Set<string>();
    for (const { ref } of refsOf(schema)) {
      if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) continue;
      const name = decodeRefName(ref);
      if (TYPE_NAME.test(name)) set.add(name);
    }
    names = [...set];
    refNames.set(schema, names);
  }
  return names;
}

/** The closest of `candidates` to a misspelt `word`, for "did you mean …?" (undefined when none is close). */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  for (const c of candidates) {
    if (c === word) continue;
    const d = c.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, c, limit);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/**
 * Edit distance counting a swap of neighbours as one edit (optimal string alignment), giving
 * up (returning limit + 1) once it must exceed `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2] + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length];
}

/** ` (did you mean \`x\`?)`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const s = suggest(word, candidates);
  return s === undefined ? '' : ` (did you mean \`${s}\`?)`;
}

const typeGraphs = new WeakMap<ReadonlyMap<string, unknown>, Map<string, string[]>>();

/** Each type's direct references to other types, once per parsed types.json. */
function typeGraph(types: ReadonlyMap<string, unknown>): Map<string, string[]> {
  let g = typeGraphs.get(types);
  if (!g) {
    g = new Map();
    for (const [name, schema] of types) g.set(name, typeRefNames(schema));
    typeGraphs.set(types, g);
  }
  return g;
}

/** The shared types an operation file names directly: its schema's (schema form; the flat form names none) and its `returns`'. */
export function operationTypeUses(op: OperationFile): string[] {
  const d = op.declaration;
  if (!d) return [];
  // No reference in its text: no name (`declarationRefs`).
  const uses = d.form !== 'schema' || declarationRefs(d).length === 0 ? [] : typeRefNames(d.schema);
  if (d.returnsText === undefined || !d.returnsText.includes('$ref')) return uses;
  const more = typeRefNames(d.returns);
  return uses.length === 0 ? more : [...new Set([...uses, ...more])];
}

/**
 * The names of `types` the operations reach (SPEC 1.5), directly or through other types.
 * O(files + types): each file's references are memoized per parsed file, the type graph per
 * parsed types.json (`types-unused`, and curation deciding which types go with the operations
 * it removes).
 */
export function reachableTypes(types: ReadonlyMap<string, unknown>, operations: Iterable<OperationFile>): Set<string> {
  const graph = typeGraph(types);
  const reached = new Set<string>();
  const queue: string[] = [];
  const reach = (name: string) => {
    if (!reached.has(name) && graph.has(name)) {
      reached.add(name);
      queue.push(name);
    }
  };
  for (const op of operations) for (const name of operationTypeUses(op)) reach(name);
  while (queue.length > 0) for (const name of graph.get(queue.pop()!)!) reach(name);
  return reached;
}
