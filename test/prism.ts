import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sample } from 'openapi-sampler';
import { isPlainObject } from '../lib/core/entries';
import { loadSpec } from '../lib/openapi';
import { convertSpec } from '../lib/convert/convert';
import { parseSkillPackage } from '../lib/skill/package';
import { callableOperation, type CallableOperation } from '../lib/call/callable';
import { buildRequest, type HttpRequest } from '../lib/call/build-request';
import { checkArguments } from '../lib/call/check-arguments';
import { exampleArguments } from '../lib/call/example-arguments';
import { readSpecFolder, type CorpusSpec } from './corpus';

/**
 * An independent check of the requests `call` builds: Stoplight's Prism, run as a mock server
 * on a vendor spec, validates each request against the spec as its authors wrote it, and
 * answers 422 (or 400, 404, 405, 415) with an `sl-violations` header naming what is wrong.
 *
 * The spec is served as the loader resolved it (one document, `$ref`s internal), written to a
 * temporary folder with its `security` removed (the gateway adds credentials, not `call`) and
 * its servers removed (Prism routes by path alone, ignoring a server's path; the skill's URLs
 * then start at the mock's origin). Nothing is written into the project.
 */

type Doc = Record<string, unknown>;

export const PRISM_BIN = resolve(import.meta.dirname, '../node_modules/@stoplight/prism-cli/dist/index.js');
const KEEP_ALIVE = resolve(import.meta.dirname, 'prism-keep-alive.cjs');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The spec as it is converted: no `security` anywhere it applies, no servers, Swagger 2.0's
 * `host`, `basePath` and `schemes` gone. With `bare`, as Prism is given it: also every
 * operation's responses replaced by one empty 200 and its callbacks dropped, since only the
 * request is judged, and mocking the vendor's responses (Kubernetes' take 250 ms each) and
 * reading their schemas is most of Prism's time.
 */
export function servedDocument(document: Doc, bare = false): Doc {
  const doc = structuredClone(document);
  delete doc.security;
  delete doc.servers;
  delete doc.host;
  delete doc.basePath;
  delete doc.schemes;
  const paths = isPlainObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isPlainObject(item)) continue;
    delete item.servers;
    for (const m of METHODS) {
      const op = item[m];
      if (!isPlainObject(op)) continue;
      delete op.security;
      delete op.servers;
      if (bare) {
        op.responses = { '200': { description: 'OK' } };
        delete op.callbacks;
      }
    }
  }
  if (bare) {
    delete doc.webhooks;
    pruneUnreferenced(doc);
    return withoutExternalRefs(doc) as Doc;
  }
  return doc;
}

/**
 * The document with every `$ref` to another file replaced by an empty object. The loader
 * leaves those it reads as data (DigitalOcean's `x-codeSamples` point at example files), but
 * Prism resolves every `$ref` and stops at the first file it cannot open.
 */
function withoutExternalRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExternalRefs);
  if (!isPlainObject(node)) return node;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return {};
  const out: Doc = {};
  for (const [k, v] of Object.entries(node)) out[k] = withoutExternalRefs(v);
  return out;
}

function unescapeToken(token: string): string {
  let t = token;
  try {
    t = decodeURIComponent(t);
  } catch {
    // Kept as written.
  }
  return t.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The document with only the given operations (by method and path template), and what they reference. */
function keepOperations(doc: Doc, keep: readonly { method: string; path: string }[]): void {
  const wanted = new Set(keep.map((o) => `${o.method.toLowerCase()} ${o.path}`));
  const paths = isPlainObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isPlainObject(item)) continue;
    for (const m of METHODS) if (isPlainObject(item[m]) && !wanted.has(`${m} ${path}`)) delete item[m];
    if (!METHODS.some((m) => isPlainObject(item[m]))) delete paths[path];
  }
  pruneUnreferenced(doc);
}

/** The sections of reusable objects, 3.x's and Swagger 2.0's, whose entries nothing may reference. */
const REUSABLE = ['components', 'definitions', 'parameters', 'responses'];

/**
 * Drop every reusable object no operation reaches through `$ref`s (once responses are gone,
 * most of a large spec's schemas): Prism reads the whole document before it listens, and
 * Stripe's in full takes it minutes.
 */
function pruneUnreferenced(doc: Doc): void {
  const reached = new Set<string>();
  const pending: unknown[] = [];
  for (const key of Object.keys(doc)) if (!REUSABLE.includes(key)) pending.push(doc[key]);
  const at = (tokens: string[]): unknown => {
    let node: unknown = doc;
    for (const token of tokens) node = isPlainObject(node) || Array.isArray(node) ? (node as Doc)[token] : undefined;
    return node;
  };
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (isPlainObject(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/')) {
        // The entry a reference lands in: `#/components/schemas/A/properties/b` keeps `A`.
        const tokens = ref.slice(2).split('/').map(unescapeToken);
        const entry = tokens.slice(0, tokens[0] === 'components' ? 3 : 2);
        const key = entry.join('\u0000');
        if (!reached.has(key)) {
          reached.add(key);
          pending.push(at(entry));
        }
      }
      for (const v of Object.values(node)) pending.push(v);
    }
  }
  for (const section of REUSABLE) {
    const holder = doc[section];
    if (!isPlainObject(holder)) continue;
    const groups: [Doc, string[]][] = section === 'components' ? Object.keys(holder).filter((k) => isPlainObject(holder[k]) && k !== 'securitySchemes').map((k) => [holder[k] as Doc, ['components', k]]) : [[holder, [section]]];
    for (const [group, prefix] of groups) for (const name of Object.keys(group)) if (!reached.has([...prefix, name].join('\u0000'))) delete group[name];
  }
}

/** A free TCP port on 127.0.0.1, as the system gives one. */
export function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const server = createServer();
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface PrismServer {
  origin: string;
  /** Called when Prism throws while answering a request: it will never answer it. */
  onThrow: (message: string) => void;
  stop(): Promise<void>;
}

/** Prism's mock server on a spec file, once it says it listens; refused when it exits or takes longer than `timeoutMs`. */
export async function startPrism(specFile: string, port: number, timeoutMs = 300_000): Promise<PrismServer> {
  const server: PrismServer = { origin: `http://127.0.0.1:${port}`, onThrow: () => {}, stop: () => stop() };
  const child: ChildProcess = spawn(process.execPath, ['--require', KEEP_ALIVE, PRISM_BIN, 'mock', '-h', '127.0.0.1', '-p', String(port), '--errors', specFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => {
      void stop();
      failed(new Error(`Prism did not start within ${timeoutMs} ms: ${output.slice(-2000)}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        // Prism logs every request; only its throws are read from here on.
        output = '';
        child.stdout?.removeAllListeners('data');
        child.stdout?.on('data', (more: Buffer) => {
          const thrown = /prism-uncaught: (.*)/.exec(more.toString());
          if (thrown) server.onThrow(thrown[1]);
        });
        ready();
      }
      if (output.length > 1_000_000) output = output.slice(-100_000);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`Prism exited (${code}) before listening: ${output.slice(-2000)}`));
    });
  });
  return server;
}

/** One of Prism's findings, as its `sl-violations` header lists them. */
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

export interface SentOperation {
  file: string;
  method: string;
  path: string;
  request: HttpRequest;
  status: number;
  /** Prism's errors about the request (not the response). */
  violations: Violation[];
  /** Prism's problem document when it refused to route the request (404, 405, 415…). */
  problem?: string;
}

export interface SpecRun {
  folder: string;
  declared: number;
  sent: SentOperation[];
  /** Declared operations no request could be built for, with why. */
  unbuilt: { file: string; why: string }[];
  /** Operations whose request Prism refused. */
  refused: SentOperation[];
  /** Operations whose request Prism crashed on: it judged nothing. */
  crashed: SentOperation[];
  startMs: number;
  sendMs: number;
}

/**
 * Arguments for a call: the tool's schema sampled with `openapi-sampler` (each required
 * argument, from its `example`, `default` or `enum` when it has one, else made to fit its
 * type, format and pattern); else `exampleArguments`. The first `checkArguments` accepts.
 */
export function callArguments(callable: CallableOperation, full = false): Record<string, unknown> | undefined {
  const candidates: unknown[] = [];
  for (const skipNonRequired of full ? [false, true] : [true]) {
    try {
      candidates.push(sample(sampleable(callable.tool.parameters) as never, { skipNonRequired, skipReadOnly: true, quiet: true, enablePatterns: true }));
    } catch {
      // A schema the sampler cannot read: the fallback below.
    }
  }
  candidates.push(exampleArguments(callable.tool.parameters));
  for (const c of candidates) {
    const args = settled(callable, c);
    if (args) return args;
  }
  return undefined;
}

/** Arguments the tool takes: `c` with each optional argument the sampler got wrong (a union it cannot fill) left out, the others kept. */
function settled(callable: CallableOperation, c: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(c)) return undefined;
  const required = new Set(Array.isArray(callable.tool.parameters.required) ? (callable.tool.parameters.required as string[]) : []);
  const args: Record<string, unknown> = { ...c };
  for (let tries = 0; tries < 8; tries++) {
    const errors = checkArguments(callable, args).filter((p) => p.severity === 'error');
    if (errors.length === 0) return args;
    const wrong = errors.map((p) => /Argument `([^`]+)`/.exec(p.message)?.[1]).filter((n): n is string => n !== undefined && Object.hasOwn(args, n) && !required.has(n));
    if (wrong.length === 0) break;
    for (const name of wrong) delete args[name];
  }
  return undefined;
}


/**
 * The arguments `base` with the body fields replaced by those of `body` (a union body's first
 * branch, as the spec writes it), when the tool takes them: for a union body whose tool lists
 * every branch's fields as one object, where a sample of the tool may fill two branches.
 */
function withBody(callable: CallableOperation, base: Record<string, unknown>, body: unknown): Record<string, unknown> | undefined {
  if (callable.bodyArgument !== undefined || !isPlainObject(body)) return undefined;
  const args: Record<string, unknown> = { ...base };
  for (const name of callable.body) delete args[name];
  for (const [name, v] of Object.entries(body)) if (callable.body.includes(name)) args[name] = v;
  return settled(callable, args);
}

/**
 * The first branch of an operation's request body in `mediaType` as the spec writes it, when
 * its root is a `oneOf` or `anyOf` (after `$ref`s); undefined otherwise. The sampler takes a
 * union's first branch, from its types and formats, not its examples (which a spec may write
 * in the wrong type, and the tool's merged field then accepts).
 */
function unionBodySample(document: Doc, method: string, path: string, mediaType: string, forSampler: () => Doc): unknown {
  const item = isPlainObject(document.paths) ? document.paths[path] : undefined;
  const op = isPlainObject(item) ? item[method.toLowerCase()] : undefined;
  if (!isPlainObject(op)) return undefined;
  const resolve = (node: unknown): unknown => {
    for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 16; hops++) {
      let target: unknown = document;
      for (const token of node.$ref.slice(2).split('/').map(unescapeToken)) target = isPlainObject(target) ? target[token] : undefined;
      node = target;
    }
    return node;
  };
  let schema: unknown;
  const body = resolve(op.requestBody);
  if (isPlainObject(body) && isPlainObject(body.content)) {
    const media = body.content[mediaType] ?? Object.values(body.content)[0];
    schema = isPlainObject(media) ? media.schema : undefined;
  } else if (Array.isArray(op.parameters)) {
    const param = op.parameters.map(resolve).find((p) => isPlainObject(p) && p.in === 'body');
    schema = isPlainObject(param) ? param.schema : undefined;
  }
  const root = resolve(schema);
  if (!isPlainObject(root) || !(Array.isArray(root.oneOf) || Array.isArray(root.anyOf))) return undefined;
  try {
    return sample(sampleable(withoutExamples(root)) as never, { skipNonRequired: false, skipReadOnly: true, quiet: true, enablePatterns: true }, forSampler() as never);
  } catch {
    return undefined;
  }
}

/** A schema, or a document, without its `example` and `examples` keywords. */
function withoutExamples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExamples);
  if (!isPlainObject(node)) return node;
  const out: Doc = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') out[k] = withoutExamples(v);
  return out;
}

/**
 * A schema as the sampler can fill it: its patterns' optional parts left out and their groups
 * (`^(SM|MM)[0-9a-f]{32}$`, which the sampler writes out literally) reduced to their first
 * alternative, unbracketed, and
 * `\d` written as `[0-9]`; a
 * `byte` or `url` string given an example (the sampler writes `string`); an array of two items
 * where it may hold two, so a repeated field is sent repeated; and an optional object of no
 * known fields (a fitted schema, whose fields are in the prose) left out, as the tool says
 * nothing of what it needs, and so is an optional list of them.
 */
function sampleable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(sampleable);
  if (!isPlainObject(schema)) return schema;
  const out: Doc = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'pattern' && typeof v === 'string') {
      let p = v;
      // An optional group or character is left out: the sampler writes `?` literally.
      for (let before = ''; before !== p; ) {
        before = p;
        p = p.replace(/\([^()]*\)\?/, '');
      }
      p = p.replace(/(\\.|\[(?:\\.|[^\]\\])*\]|[^\\()[\]{}?*+|^$])\?/g, '');
      for (let before = ''; before !== p; ) {
        before = p;
        p = p.replace(/\((?:\?:)?([^()|]*)(?:\|[^()]*)?\)/, '$1');
      }
      p = p.replace(/\\d/g, '[0-9]');
      out[k] = p;
    } else if (k === 'properties' && isPlainObject(v)) {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const props: Doc = {};
      for (const [name, prop] of Object.entries(v)) if (required.has(name) || !freeForm(prop)) props[name] = sampleable(prop);
      out[k] = props;
    } else out[k] = k === 'example' || k === 'examples' || k === 'default' || k === 'enum' || k === 'const' ? v : sampleable(v);
  }
  // An `allOf` of scalar constraints (a pattern beside a description) as one schema: the sampler drops a pattern it merges.
  if (Array.isArray(out.allOf) && out.allOf.every((b) => isPlainObject(b) && !['properties', 'items', 'allOf', 'oneOf', 'anyOf', '$ref'].some((k) => Object.hasOwn(b, k)))) {
    const branches = out.allOf as Doc[];
    delete out.allOf;
    for (const b of branches) for (const [k, v] of Object.entries(b)) if (!Object.hasOwn(out, k)) out[k] = v;
  }
  // A bound past 2^53 (an int64's) written as the JSON number JavaScript gives it is past the bound: the safe range instead.
  if (typeof out.minimum === 'number' && out.minimum < Number.MIN_SAFE_INTEGER) out.minimum = Number.MIN_SAFE_INTEGER;
  if (typeof out.maximum === 'number' && out.maximum > Number.MAX_SAFE_INTEGER) out.maximum = Number.MAX_SAFE_INTEGER;
  if (typeof out.format === 'string' && Object.hasOwn(FORMAT_EXAMPLES, out.format) && !Object.hasOwn(out, 'example')) out.example = FORMAT_EXAMPLES[out.format];
  if (out.type === 'array' && !(typeof out.maxItems === 'number' && out.maxItems < 2) && out.uniqueItems !== true) out.minItems = Math.max(typeof out.minItems === 'number' ? out.minItems : 0, 2);
  return out;
}

/** Values of the formats Prism checks and the sampler does not fill. */
const FORMAT_EXAMPLES: Record<string, string> = { byte: 'c2tpbGw=', url: 'https://example.com/' };

/** An object schema that names no fields and allows any, or a list of them: nothing to sample it from. */
function freeForm(schema: unknown): boolean {
  if (isPlainObject(schema) && (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')))) return freeForm(schema.items);
  return isPlainObject(schema) && schema.type === 'object' && !isPlainObject(schema.properties) && schema.additionalProperties === undefined && !Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf) && !Array.isArray(schema.allOf);
}

/**
 * What Prism says of the request: the `sl-violations` header's errors located in the request,
 * or, when it answered with a problem document of its own rather than a mocked response, the
 * error's name (`NO_PATH_MATCHED_ERROR`) and its `validation` list (whose locations omit the
 * leading `request`). A status alone says nothing: a spec whose only response is a 400 is
 * mocked as a 400.
 */
function judgement(response: Response, text: string): { violations: Violation[]; error?: string } {
  const violations: Violation[] = [];
  const header = response.headers.get('sl-violations');
  if (header) {
    try {
      const list: unknown = JSON.parse(header);
      if (Array.isArray(list)) for (const v of list as Violation[]) if (v.location?.[0] === 'request' && v.severity === 'Error') violations.push(v);
    } catch {
      // Not Prism's header.
    }
  }
  if (!response.headers.get('content-type')?.includes('problem+json')) return { violations };
  let doc: { type?: unknown; validation?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return { violations };
  }
  if (typeof doc.type !== 'string' || !doc.type.includes('stoplight.io/prism/errors#')) return { violations };
  const error = doc.type.slice(doc.type.indexOf('#') + 1);
  const request = error !== 'VIOLATIONS';
  for (const v of Array.isArray(doc.validation) ? (doc.validation as Violation[]) : []) {
    if (v.severity !== 'Error' || !Array.isArray(v.location)) continue;
    if (v.location[0] === 'request') violations.push(v);
    else if (request && v.location[0] !== 'response') violations.push({ ...v, location: ['request', ...v.location] });
  }
  const seen = new Set<string>();
  return { violations: violations.filter((v) => !seen.has(JSON.stringify(v)) && seen.add(JSON.stringify(v))), error };
}

/** Prism's errors about the response it could not make (or made invalid), not the request it was sent. */
const RESPONSE_ERRORS = new Set(['NO_RESPONSE_DEFINED', 'NOT_ACCEPTABLE', 'NO_COMPLEX_OBJECT_TEXT', 'VIOLATIONS', 'UNKNOWN']);

export interface RunOptions {
  /** Which declared operations to send; all when absent. */
  only?: (op: { file: string; method: string; path: string }) => boolean;
  /** Send every argument the sampler gives, optional ones too (else the required ones). */
  full?: boolean;
}

/** One request sent to Prism, and what Prism made of it. */
async function send(prism: PrismServer, d: { file: string; method: string; path: string }, request: HttpRequest): Promise<SentOperation & { verdict: 'accepted' | 'refused' | 'crashed' }> {
  const sent: SentOperation = { file: d.file, method: d.method, path: d.path, request, status: 0, violations: [] };
  let response: Response;
  let text: string;
  const abandon = new AbortController();
  let thrown: string | undefined;
  prism.onThrow = (message) => {
    thrown = message;
    abandon.abort();
  };
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: abandon.signal });
    text = await response.text();
  } catch (e) {
    if (thrown !== undefined) return { ...sent, problem: `Prism threw: ${thrown}`, verdict: 'crashed' };
    // fetch refused to send it (a header value it cannot write, a URL it cannot parse): the request is wrong.
    const cause = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
    return { ...sent, problem: `not sent: ${cause}`, verdict: 'refused' };
  }
  sent.status = response.status;
  const { violations, error } = judgement(response, text);
  sent.violations = violations;
  if (error !== undefined) sent.problem = `${error}: ${text.slice(0, 300)}`;
  return { ...sent, verdict: violations.length > 0 || (error !== undefined && !RESPONSE_ERRORS.has(error)) ? 'refused' : 'accepted' };
}

/**
 * Convert one corpus spec against a Prism mock of it and send each declared operation's
 * request. Where Prism throws while reading a request (its deserializers do on some absent
 * parameters), the operation is counted as crashed, not refused: Prism judged nothing.
 */
export async function runSpec(row: CorpusSpec, options: RunOptions = {}): Promise<SpecRun> {
  const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry, validate: false });
  if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const result = convertSpec({ ...loaded.value, document: servedDocument(loaded.value.document) }, { baseUrl });
  const chosen = result.report.declared.filter((d) => !options.only || options.only(d));
  const served = servedDocument(loaded.value.document, true);
  let forSampler: Doc | undefined;
  // Prism is given only the operations sent: it reads the whole document before it listens.
  if (options.only) keepOperations(served, chosen);
  const dir = mkdtempSync(join(tmpdir(), 'prism-'));
  const specFile = join(dir, 'openapi.json');
  writeFileSync(specFile, JSON.stringify(served));
  const run: SpecRun = { folder: row.folder, declared: 0, sent: [], unbuilt: [], refused: [], crashed: [], startMs: 0, sendMs: 0 };
  let t = performance.now();
  let prism: PrismServer;
  try {
    prism = await startPrism(specFile, port);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  run.startMs = performance.now() - t;
  try {
    const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
    const byFile = new Map(pkg.operations.map((o) => [o.file, o]));
    t = performance.now();
    for (const d of chosen) {
      run.declared++;
      const op = byFile.get(d.file);
      const callable = op && callableOperation(pkg, op);
      if (!callable || !callable.ok) {
        run.unbuilt.push({ file: d.file, why: callable ? (callable.problems[0]?.message ?? 'not callable') : 'no file' });
        continue;
      }
      const value = callable.value;
      const args = callArguments(value, options.full);
      // A union body's first branch, tried when the tool's sample is refused or none passes the tool (Lob's verifications).
      const branch = () => {
        const body = unionBodySample(served, d.method, d.path, value.contentType, () => (forSampler ??= sampleable(withoutExamples(served)) as Doc));
        const again = body === undefined ? undefined : withBody(value, args ?? callArguments(value, false) ?? {}, body);
        const built = again && buildRequest(value, again, { baseUrl });
        return built && built.ok ? built.value : undefined;
      };
      // The mock is on this machine: given as the base URL, as a user calls a local mock.
      const built = args && buildRequest(value, args, { baseUrl });
      const request = built && built.ok ? built.value : branch();
      if (!request) {
        run.unbuilt.push({ file: d.file, why: built && !built.ok ? (built.problems[0]?.message ?? 'refused') : 'no arguments pass the tool check' });
        continue;
      }
      let sent = await send(prism, d, request);
      if (sent.verdict === 'refused' && built && built.ok) {
        const other = branch();
        const retried = other && JSON.stringify(other) !== JSON.stringify(request) ? await send(prism, d, other) : undefined;
        if (retried && retried.verdict === 'accepted') sent = retried;
      }
      run.sent.push(sent);
      if (sent.verdict === 'refused') run.refused.push(sent);
      if (sent.verdict === 'crashed') run.crashed.push(sent);
    }
    run.sendMs = performance.now() - t;
  } finally {
    await prism.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return run;
}
