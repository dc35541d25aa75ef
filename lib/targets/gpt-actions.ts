import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { toolName } from '../publish/tool-name';
import { declaredSafety, parseOperationFile, type Safety } from '../skill/operation-file';
import { firstParagraph } from '../skill/prose';
import type { SkillPackage } from '../skill/package';

/** The spec as loaded (lib/openapi's `LoadedSpec`): its bundled document and its format. */
export interface GptActionsSpec {
  entry: string;
  document: unknown;
  format: { kind: 'swagger' | 'openapi'; version: string };
}

/** One operation of the export: the skill's tool, and where it sits in the spec. */
export interface GptAction {
  tool: string;
  file: string;
  method: string;
  path: string;
  safety: Safety;
  consequential: boolean;
}

export interface GptActionsOptions {
  /**
   * The skill's files as generated (the wizard's session keeps them): where an operation's
   * first paragraph, its tool description, was edited since, the edited text is the
   * operation's `description`. Without it the spec's descriptions stay.
   */
  generated?: ReadonlyMap<string, string>;
  /** A read-only export (SPEC 8.2): the safe operations only. */
  readOnly?: boolean;
}

export interface GptActionsExport {
  /** The OpenAPI document, as JSON text (two-space indent, a final newline). */
  json: string;
  /** The operations it holds, in the spec's order. */
  actions: GptAction[];
  /** The skill's operation files no operation of the spec matched (an operation added by hand, a URL edited): left out. */
  unmatched: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Keys whose values are data, not the spec's structure: a `$ref` inside them is kept as written. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An OpenAPI document for OpenAI GPT Actions (SPEC 8.2): the vendor's own operations, only
 * those the skill keeps, matched by method and URL template (as an update matches them),
 * each with `operationId` = the skill's tool name and `x-openai-isConsequential` true unless
 * the skill's safety is `safe`. The servers are the skill's base URLs; components are pruned
 * to what the kept operations reference. Swagger 2.0 is refused: GPT Actions take OpenAPI
 * 3.x, and this project has no 2.0 → 3.x converter. Deterministic: the same spec and skill
 * give the same bytes.
 */
export function gptActionsExport(spec: GptActionsSpec, pkg: SkillPackage, options: GptActionsOptions = {}): Result<GptActionsExport> {
  if (spec.format.kind !== 'openapi' || !isObject(spec.document)) {
    return fail([problem('gpt-actions', 'error', `GPT Actions take an OpenAPI 3.x document; this spec is Swagger ${spec.format.version}, which is not converted to 3.x here (convert the spec to OpenAPI 3 first, e.g. with swagger2openapi)`, spec.entry)]);
  }
  const doc = spec.document;
  const skill = typeof pkg.manifest?.data.name === 'string' ? pkg.manifest.data.name : pkg.folder;

  // The spec's operations by method and URL template (parameter names do not matter).
  const specOps: { method: string; path: string; template: string }[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    for (const m of HTTP_METHODS) if (isObject(item[m])) specOps.push({ method: m, path, template: templateOf(comparable(path)) });
  }

  // Each skill operation matched to the longest spec path its URL ends with.
  const chosen = new Map<string, { tool: string; file: string; safety: Safety; base: string; description?: string }>();
  const unmatched: string[] = [];
  for (const op of pkg.operations) {
    const d = op.declaration;
    if (!d || typeof d.method !== 'string' || typeof d.url !== 'string') continue;
    if (options.readOnly && declaredSafety(d) !== 'safe') continue;
    const method = d.method.toLowerCase();
    const url = comparable(d.url);
    const urlTemplate = templateOf(url);
    let best: { path: string; template: string } | undefined;
    for (const s of specOps) {
      if (s.method !== method || !urlTemplate.endsWith(s.template) || chosen.has(`${method} ${s.path}`)) continue;
      if (!best || s.template.length > best.template.length) best = s;
    }
    if (!best) {
      unmatched.push(op.file);
      continue;
    }
    const description = editedDescription(op.file, op.prose, options.generated);
    chosen.set(`${method} ${best.path}`, { tool: toolName(skill, op.baseName), file: op.file, safety: declaredSafety(d), base: baseOf(url, comparable(best.path)), ...(description !== undefined ? { description } : {}) });
  }

  // The server most operations use is the document's; another base is written on its operation.
  const counts = new Map<string, number>();
  for (const c of chosen.values()) counts.set(c.base, (counts.get(c.base) ?? 0) + 1);
  let main: string | undefined;
  for (const [base, n] of counts) if (main === undefined || n > (counts.get(main) ?? 0)) main = base;

  const outPaths: Json = {};
  const actions: GptAction[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    const kept = HTTP_METHODS.filter((m) => chosen.has(`${m} ${path}`));
    if (kept.length === 0) continue;
    const outItem: Json = {};
    for (const [k, v] of Object.entries(item)) {
      if ((HTTP_METHODS as readonly string[]).includes(k)) {
        const c = chosen.get(`${k} ${path}`);
        if (!c) continue;
        outItem[k] = operationOf(v as Json, c, c.base === main ? undefined : c.base);
        actions.push({ tool: c.tool, file: c.file, method: k.toUpperCase(), path, safety: c.safety, consequential: c.safety !== 'safe' });
      } else if (k !== 'servers' && k !== '$ref') outItem[k] = v;
    }
    outPaths[path] = outItem;
  }

  const out: Json = { openapi: doc.openapi };
  if (isObject(doc.info)) out.info = pick(doc.info, ['title', 'description', 'version']);
  if (main !== undefined) out.servers = [{ url: main }];
  out.paths = outPaths;
  if (doc.security !== undefined) out.security = doc.security;
  const inlined = inlineForeignRefs(doc, out, []) as Json;
  const components = prunedComponents(doc, inlined);
  if (components) inlined.components = inlineForeignRefs(doc, components, []);
  return ok({ json: `${JSON.stringify(inlined, null, 2)}\n`, actions, unmatched });
}

/**
 * A path or URL as the two are compared: a fragment some specs put in a path key to tell
 * operations apart (`/schema#add`) is not part of the URL, and a `?` in a path key is written
 * `%3F` in the skill's URL.
 */
function comparable(pathOrUrl: string): string {
  return pathOrUrl.replace(/#.*$/, '').replace(/%3F/gi, '?');
}

/** The tool description of a file, where the person changed it from the generated one. */
function editedDescription(file: string, prose: string, generated: ReadonlyMap<string, string> | undefined): string | undefined {
  const before = generated?.get(file);
  if (before === undefined) return undefined;
  const now = firstParagraph(prose);
  return now !== '' && now !== firstParagraph(parseOperationFile(file, before).prose) ? now : undefined;
}

/** `/pets/{petId}` and `/pets/{id}` are one template. */
function templateOf(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

/** The URL before the spec's path: `https://api.example.com/v1` of `https://api.example.com/v1/pets/{id}` for `/pets/{petId}`. */
function baseOf(url: string, path: string): string {
  const pattern = path
    .split(/\{[^}]*\}/)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\{[^}]*\\}');
  const m = new RegExp(`${pattern}$`).exec(url);
  const base = m ? url.slice(0, m.index) : url;
  return base === '' ? '/' : base;
}

function pick(o: Json, keys: readonly string[]): Json {
  const r: Json = {};
  for (const k of keys) if (o[k] !== undefined) r[k] = o[k];
  return r;
}

/** The spec's operation with the skill's name and safety; callbacks leave (GPT Actions call, they are not called). */
function operationOf(op: Json, c: { tool: string; safety: Safety; description?: string }, server: string | undefined): Json {
  const r: Json = { operationId: c.tool, 'x-openai-isConsequential': c.safety !== 'safe' };
  for (const [k, v] of Object.entries(op)) {
    if (k === 'operationId' || k === 'x-openai-isConsequential' || k === 'callbacks' || k === 'servers') continue;
    r[k] = k === 'description' && c.description !== undefined ? c.description : v;
  }
  if (c.description !== undefined && r.description === undefined) r.description = c.description;
  if (server !== undefined) r.servers = [{ url: server }];
  return r;
}

/** The value at an internal reference (`#/a/b`), or undefined. */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** A path item that is a `$ref` (3.1's `components/pathItems`, or a bundled one): what it names. */
function deref(doc: Json, v: unknown): unknown {
  const seen = new Set<string>();
  while (isObject(v) && typeof v.$ref === 'string' && !seen.has(v.$ref)) {
    seen.add(v.$ref);
    const target = resolvePointer(doc, v.$ref);
    if (target === undefined) return v;
    v = target;
  }
  return v;
}

/**
 * A `$ref` outside `#/components/` (bundling may point into another operation, which may be
 * left out) is replaced by a copy of what it names, so the export refers to nothing it lacks.
 * A reference back to one being inlined stays a reference.
 */
function inlineForeignRefs(doc: Json, node: unknown, stack: string[]): unknown {
  if (Array.isArray(node)) return node.map((v) => inlineForeignRefs(doc, v, stack));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && !ref.startsWith('#/components/') && !stack.includes(ref)) {
    const target = resolvePointer(doc, ref);
    if (target !== undefined) return inlineForeignRefs(doc, target, [...stack, ref]);
  }
  const r: Json = {};
  for (const [k, v] of Object.entries(node)) r[k] = DATA_KEYS.has(k) || k.startsWith('x-') ? v : inlineForeignRefs(doc, v, stack);
  return r;
}

/** The spec's components the export reaches (through references, and security requirements), in the spec's order. */
function prunedComponents(doc: Json, out: Json): Json | undefined {
  const source = isObject(doc.components) ? doc.components : undefined;
  if (!source) return undefined;
  const wanted = new Set<string>();
  const queue: unknown[] = [out];
  const want = (section: string, name: string) => {
    const key = `${section}/${name}`;
    if (wanted.has(key)) return;
    const section_ = source[section];
    if (!isObject(section_) || section_[name] === undefined) return;
    wanted.add(key);
    queue.push(section_[name]);
  };
  const securityNames = (req: unknown) => {
    if (Array.isArray(req)) for (const r of req) if (isObject(r)) for (const name of Object.keys(r)) want('securitySchemes', name);
  };
  securityNames(out.security);
  while (queue.length > 0) {
    const node = queue.pop();
    if (Array.isArray(node)) queue.push(...node);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/')) {
        const [section, ...rest] = node.$ref.slice('#/components/'.length).split('/');
        if (section && rest[0] !== undefined) want(section, decodeURIComponent(rest[0]).replace(/~1/g, '/').replace(/~0/g, '~'));
      }
      if ('security' in node) securityNames(node.security);
      for (const v of Object.values(node)) queue.push(v);
    }
  }
  if (wanted.size === 0) return undefined;
  const r: Json = {};
  for (const [section, entries] of Object.entries(source)) {
    if (!isObject(entries)) continue;
    const kept: Json = {};
    for (const [name, v] of Object.entries(entries)) if (wanted.has(`${section}/${name}`)) kept[name] = v;
    if (Object.keys(kept).length > 0) r[section] = kept;
  }
  return r;
}
