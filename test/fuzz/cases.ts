import { stringify } from 'yaml';
import { exportBundle, exportFiles, importBundle, importFiles } from '../../lib/bundle/bundle';
import { checkEntryName, checkHidden, checkSkillEntry } from '../../lib/bundle/zip/policy';
import { buildRequest, callableOperation, exampleArguments, type HttpRequest } from '../../lib/call';
import { classifyHost } from '../../lib/core/host';
import type { Result } from '../../lib/core/result';
import { convertSpec } from '../../lib/convert';
import { loadSpec } from '../../lib/openapi';
import { publishTools } from '../../lib/publish/publish';
import { checkPackage } from '../../lib/rules';
import { writeManifest } from '../../lib/skill/manifest';
import { writeOperationFile } from '../../lib/skill/operation-file';
import { loadTokenizer } from '../../lib/targets/tokens/tokenizer';
import { parseSkillPackage, type SkillPackage } from '../../lib/skill/package';
import { hostileString, hostileValue, PROSE_PIECES } from '../hostile';
import { random, type Random } from '../random';

/**
 * The fuzz test's cases (BAD-INPUT 35): specs and skill files with hostile names,
 * values and patterns, each run through everything a user can make happen to them.
 */

/** Patterns that backtrack catastrophically, that RE2 cannot run, that are not regular expressions, and ordinary ones. */
export const PATTERNS = [
  '^(a+)+$', '^(a|aa)*$', '(x+x+)+y', '^([a-z]+)*[0-9]$', '(.*a){20}$', '^(?=a)(a+)+$', '^(a)\\1$', '(?<!x)y', '(?<=\\$)\\d+', '\\k<x>(?<x>a)',
  '(', '[', '\\', '[z-a]', 'a{2,1}', '(?i)abc', '\\p{Nope}', 'a{1001}', '(a{100}){100}', '\\u{110000}', '[]', '[^]', '', '.*', '^\\d{3}-\\d{4}$',
  '^[\\w.+-]+@[\\w-]+\\.[\\w.]+$', '^\\p{Lu}\\p{Ll}+$', '^[^\\s]+$', '\ud800', '😀+', '^\\/api\\/v\\d+$', 'x'.repeat(300),
] as const;

/** Hosts a skill may name: a vendor's, a documentation name, and those no call may reach (loopback, private, metadata, a number, look-alike letters). */
const HOSTS = ['api.example.com', 'api.acme.io', '169.254.169.254', '127.0.0.1:8080', '10.0.0.5', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f.1', 'аpi.acme.io'] as const;

/**
 * One unbroken word, long enough that a tokenizer's merge loop run on it whole would take
 * seconds to minutes (BAD-INPUT 39): letters, a base64-like run, digits.
 */
function longWord(r: Random): string {
  const n = 2_000 + r.int(60_000);
  return r.pick(['w'.repeat(n), 'Qm9keQ'.repeat(Math.ceil(n / 6)).slice(0, n), '9'.repeat(n)]);
}

/** A YAML node that contains itself (BAD-INPUT 38): refused at parse time, never expanded. */
const SELF_ALIASES = ['x-loop: &loop [*loop]', 'x-loop: &loop {b: *loop}', 'x-loop: &loop {b: 1, <<: *loop}', 'x-loop: &loop [1, [2, *loop]]'] as const;

/** Argument values to call with: what the patterns above choke on, and hostile strings. */
const EVIL_STRINGS = [`${'a'.repeat(48)}!`, `${'a'.repeat(5000)}!`, '', '..', '%2e%2e', '\ud800'];

export type FuzzCase = ({ kind: 'spec'; files: { path: string; text: string }[] } | { kind: 'skill'; folder: string; files: Map<string, string> }) & { zip: boolean };

/** Case `index` of a run from `seed`: each case has a generator of its own, so one can be replayed alone. */
export function fuzzCase(seed: number, index: number): FuzzCase {
  const r = random((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const zip = index % 8 === 0;
  return r.chance(0.5) ? { kind: 'spec', files: [specFile(r)], zip } : { kind: 'skill', folder: 'fuzz', files: skillFiles(r), zip };
}

/** What a case did, for the harness to count. */
export interface CaseResult {
  files: number;
  calls: number;
}

/**
 * Runs a case through loading, converting, every rule, publishing, calls (example arguments
 * and hostile ones) and export → import → export. Throws when something throws, or when the
 * second export differs from the first.
 */
export async function runCase(c: FuzzCase): Promise<CaseResult> {
  let folder: string;
  let files: Map<string, string>;
  if (c.kind === 'spec') {
    const loaded = await loadSpec(c.files);
    if (!loaded.ok) return { files: 0, calls: 0 };
    const converted = convertSpec(loaded.value);
    folder = converted.folder;
    files = converted.files;
  } else {
    folder = c.folder;
    files = c.files;
  }
  const pkg = parseSkillPackage({ folder, files });
  checkPackage(pkg);
  const tokenizer = await loadTokenizer('o200k_base');
  for (const tool of publishTools(pkg)) tokenizer.count(JSON.stringify(tool));
  tokenizer.count(files.get('SKILL.md') ?? '');
  let calls = 0;
  const r = random(files.size);
  for (const op of pkg.operations) {
    const callable = callableOperation(pkg, op);
    if (!callable.ok) continue;
    const params = callable.value.tool.parameters;
    noInternalHost(buildRequest(callable.value, exampleArguments(params)));
    const names = Object.keys((params.properties ?? {}) as Record<string, unknown>);
    for (let k = 0; k < 3; k++) {
      const args: Record<string, unknown> = {};
      for (const name of names) {
        const value = r.pick(EVIL_STRINGS);
        args[name] = r.chance(0.8) ? value : { [value]: value, nested: [value] };
      }
      noInternalHost(buildRequest(callable.value, args));
      calls++;
    }
    calls++;
  }
  exportImportExport(pkg, c.zip);
  return { files: files.size, calls };
}

/** Throws when a request was built to a host no call may reach without a base URL the user gave (BAD-INPUT 49). */
function noInternalHost(built: Result<HttpRequest>): void {
  if (!built.ok) return;
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(built.value.url)?.[1] ?? '';
  let parsed = authority;
  try {
    parsed = new URL(built.value.url).host;
  } catch {
    // Not a URL the platform could send; the host as written is judged.
  }
  const verdict = classifyHost(authority) ?? classifyHost(parsed);
  if (verdict && verdict.kind !== 'placeholder') throw new Error(`a request was built to ${built.value.url}, whose host ${verdict.why}`);
}

/**
 * Export, import and export again must give the same files. Through a real `.zip` when
 * `zip` (deflating is most of a case's time, so one case in eight); else through the UTF-8
 * encoding a zip entry is, which is where a lone surrogate would change.
 */
function exportImportExport(pkg: SkillPackage, zip: boolean): void {
  if (zip) {
    const first = exportBundle(pkg, { tools: true });
    const imported = importBundle(first);
    if (!imported.ok) throw new Error(`the exported bundle does not import: ${JSON.stringify(imported.problems)}`);
    const second = exportBundle(parseSkillPackage(imported.value), { tools: true });
    if (first.length !== second.length || first.some((b, i) => b !== second[i])) throw new Error('export → import → export gave other bytes');
    return;
  }
  const first = exportFiles(pkg, { tools: true });
  const decoded = new Map([...first.files].map(([path, text]) => [path, new TextDecoder().decode(new TextEncoder().encode(text))]));
  const second = exportFiles(parseSkillPackage(importFiles({ folder: first.folder, files: decoded })), { tools: true });
  for (const [path, text] of first.files) {
    if (second.files.get(path) !== text) throw new Error(`export → import → export changed ${path}:\n${JSON.stringify(text)}\n${JSON.stringify(second.files.get(path))}`);
  }
  if (second.files.size !== first.files.size) throw new Error('export → import → export changed the files');
}

/** A JSON Schema with hostile names, values, patterns and numbers; `$ref`s to `refs`. */
function schemaOf(r: Random, depth: number, refs: readonly string[]): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  const kind = depth > 2 ? r.int(4) : r.int(7);
  if (kind === 0) Object.assign(s, { type: 'string', pattern: r.pick(PATTERNS) });
  else if (kind === 1) Object.assign(s, { type: r.pick(['integer', 'number']), maximum: r.pick([10, 1e308, 2 ** 53 + 1, -0]), minimum: r.pick([0, -1e308]) });
  else if (kind === 2) Object.assign(s, { enum: Array.from({ length: 1 + r.int(4) }, () => hostileValue(r)) });
  else if (kind === 3 && refs.length > 0) s.$ref = r.pick(refs);
  else if (kind === 3) s.type = r.pick(['string', 'boolean', hostileString(r)]);
  else if (kind === 4) Object.assign(s, { type: 'array', items: schemaOf(r, depth + 1, refs) });
  else {
    const properties: Record<string, unknown> = {};
    for (let i = 0, n = 1 + r.int(4); i < n; i++) properties[r.chance(0.7) ? hostileString(r, { lone: true }) : `f${i}`] = schemaOf(r, depth + 1, refs);
    Object.assign(s, { type: 'object', properties });
    if (r.chance(0.3)) s.patternProperties = { [r.pick(PATTERNS)]: schemaOf(r, depth + 1, refs) };
    if (r.chance(0.3)) s.propertyNames = { pattern: r.pick(PATTERNS) };
    if (r.chance(0.3)) s.required = Object.keys(properties).filter(() => r.chance(0.5));
    if (r.chance(0.2)) s.additionalProperties = false;
  }
  if (r.chance(0.4)) s.description = hostileString(r, { lone: true });
  if (r.chance(0.2)) s.default = hostileValue(r);
  if (r.chance(0.1)) s.nullable = true;
  return s;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** An OpenAPI 3.0 or 3.1 or Swagger 2.0 document as JSON or YAML text, full of hostile strings. */
function specFile(r: Random): { path: string; text: string } {
  const version = r.pick(['3.0.3', '3.1.0', '2.0'] as const);
  const swagger = version === '2.0';
  const prefix = swagger ? '#/definitions/' : '#/components/schemas/';
  const typeNames = Array.from({ length: r.int(4) }, (_, i) => (r.chance(0.5) ? hostileString(r).replace(/[~/]/g, '') || `T${i}` : `T${i}`));
  const refs = typeNames.map((n) => prefix + encodeURIComponent(n).replace(/%20/g, ' '));
  const schemas = Object.fromEntries(typeNames.map((n) => [n, schemaOf(r, 1, refs)]));
  const paths: Record<string, unknown> = {};
  for (let p = 0, n = 1 + r.int(3); p < n; p++) {
    const param = r.chance(0.6) ? hostileString(r).replace(/[{}/]/g, '') || 'id' : undefined;
    const path = `/${hostileString(r).replace(/[{}]/g, '')}${param ? `/{${param}}` : ''}`;
    const item: Record<string, unknown> = {};
    for (let o = 0, m = 1 + r.int(2); o < m; o++) {
      const parameters: unknown[] = [];
      if (param) parameters.push(parameter(r, param, 'path', swagger, refs));
      for (let q = 0, k = r.int(3); q < k; q++) parameters.push(parameter(r, hostileString(r, { lone: true }), r.pick(['query', 'header', 'cookie']), swagger, refs));
      const op: Record<string, unknown> = { parameters, responses: { [r.pick(['200', '201', 'default', '2XX'])]: { description: hostileString(r) } } };
      if (r.chance(0.7)) op.operationId = hostileString(r, { lone: true });
      if (r.chance(0.6)) op.summary = hostileString(r, { lone: true });
      if (r.chance(0.5)) op.description = [hostileString(r), r.pick(PROSE_PIECES), ...(r.chance(0.1) ? [longWord(r)] : [])].join('\n');
      if (r.chance(0.2)) op.deprecated = true;
      const body = schemaOf(r, 0, refs);
      if (r.chance(0.5)) {
        if (swagger) parameters.push({ name: 'body', in: 'body', required: r.chance(0.5), schema: body });
        else op.requestBody = { required: r.chance(0.5), content: { [r.pick(['application/json', 'application/vnd.x+json', 'multipart/form-data', '*/*'])]: { schema: body } } };
      }
      item[r.pick(METHODS)] = op;
    }
    paths[path] = item;
  }
  const info = { title: hostileString(r, { lone: true }), version: hostileString(r), description: [hostileString(r), r.pick(PROSE_PIECES), ...(r.chance(0.1) ? [longWord(r)] : [])].join('\n\n') };
  const doc = swagger
    ? { swagger: '2.0', info, host: r.pick(HOSTS), basePath: r.pick(['/', '/v1', '']), schemes: ['https'], paths, definitions: schemas }
    : { openapi: version, info, servers: [server(r)], paths, components: { schemas } };
  const yaml = r.chance(0.5);
  const text = yaml ? stringify(doc) + (r.chance(0.1) ? `${r.pick(SELF_ALIASES)}\n` : '') : JSON.stringify(doc, null, r.chance(0.5) ? 2 : undefined);
  return { path: yaml ? 'spec.yaml' : 'spec.json', text };
}

/** A server: a vendor's, a relative one, a variable's, one no call may reach, a metadata address as a variable's default. */
function server(r: Random): Record<string, unknown> {
  if (r.chance(0.15)) return { url: 'http://{host}/latest', variables: { host: { default: r.pick(['169.254.169.254', 'api.acme.io', '10.0.0.5']) } } };
  return { url: r.pick(['https://api.example.com/v1', '/relative', 'https://{region}.example.com', `https://${r.pick(HOSTS)}/v1`, `http://${r.pick(HOSTS)}`]) };
}

function parameter(r: Random, name: string, place: string, swagger: boolean, refs: readonly string[]): Record<string, unknown> {
  const schema = r.chance(0.7) ? { type: 'string', pattern: r.pick(PATTERNS), ...(r.chance(0.3) ? { enum: [hostileString(r), hostileString(r)] } : {}) } : schemaOf(r, 2, refs);
  const p: Record<string, unknown> = { name, in: place, required: place === 'path' || r.chance(0.5) };
  if (r.chance(0.5)) p.description = hostileString(r, { lone: true });
  if (swagger) Object.assign(p, { type: 'string', ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}) });
  else p.schema = schema;
  return p;
}

/** A skill as files: a manifest, operation files in both forms (some edited by hand into bad shapes), types.json. */
function skillFiles(r: Random): Map<string, string> {
  const files = new Map<string, string>();
  const typeNames = Array.from({ length: r.int(3) }, (_, i) => (r.chance(0.5) ? hostileString(r) : `T${i}`));
  const refs = typeNames.map((n) => `#/types/${n.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  const ops: string[] = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    // A hostile name the app can hold: what a zip refuses (a control character, `..`, a `:`) never reaches a skill.
    const hostile = `${hostileString(r).replace(/[/\\]/g, '')}_${i}`;
    const base = r.chance(0.8) || checkEntryName(`fuzz/${hostile}.md`) || checkHidden(`fuzz/${hostile}.md`) || checkSkillEntry(`${hostile}.md`) ? `op_${i}` : hostile;
    ops.push(base);
    const param = r.chance(0.5) ? hostileString(r).replace(/[{}/]/g, '') || 'id' : undefined;
    const url = `${r.pick(['https', 'http'])}://${r.chance(0.5) ? 'api.example.com' : r.pick(HOSTS)}/${hostileString(r).replace(/[{}?#\s]/g, '')}${param ? `/{${param}}` : ''}`;
    const method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const);
    const prose = [hostileString(r, { lone: r.chance(0.1) }), r.pick(PROSE_PIECES)].join('\n\n');
    let text: string;
    if (r.chance(0.3)) {
      text = writeOperationFile({ operation: { method, url, query: [hostileString(r)], body: [hostileString(r), hostileString(r)], optional: [hostileString(r)], integer: [hostileString(r)] }, prose });
    } else {
      const schema = schemaOf(r, 0, refs);
      schema.type = 'object';
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      if (param) properties[param] = { type: 'string', pattern: r.pick(PATTERNS) };
      schema.properties = properties;
      text = writeOperationFile({ operation: { method, url, schema, query: Object.keys(properties).filter(() => r.chance(0.3)) }, prose });
      if (r.chance(0.15)) text = text.replace(/"maximum": [^,}\n]+/, '"maximum": 1e400');
    }
    if (r.chance(0.15)) text = mutate(r, text);
    files.set(`${base}.md`, text);
  }
  const manifest = writeManifest({ name: 'fuzz', description: hostileString(r).trim() || 'Fuzz.', title: hostileString(r), operations: ops.map((o) => ({ name: o, description: hostileString(r) })) });
  // A self-containing alias in the frontmatter (refused), or a long word in the body.
  files.set('SKILL.md', r.chance(0.05) ? manifest.replace('---\n', `---\n${r.pick(SELF_ALIASES)}\n`) : r.chance(0.05) ? `${manifest}\n${longWord(r)}\n` : manifest);
  if (typeNames.length > 0) files.set('types.json', `${JSON.stringify(Object.fromEntries(typeNames.map((n) => [n, schemaOf(r, 1, refs)])), null, 2)}\n`);
  return files;
}

/** A text with a few characters deleted, doubled or swapped for hostile pieces, as a careless edit leaves it. */
function mutate(r: Random, text: string): string {
  let out = text;
  for (let k = 0, n = 1 + r.int(3); k < n; k++) {
    const at = r.int(out.length + 1);
    const len = r.int(8);
    out = out.slice(0, at) + (r.chance(0.5) ? hostileString(r, { lone: true }) : '') + out.slice(at + len);
  }
  return out;
}
