import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { isPlainObject } from '../lib/core/entries';
import { joinPointer, pointerTokens } from '../lib/core/json-pointer';
import { callableOperation, type CallableOperation } from '../lib/call/callable';
import { checkArguments } from '../lib/call/check-arguments';
import type { SkillPackage } from '../lib/skill/package';

type Doc = Record<string, unknown>;

/** A node of the spec and its JSON pointer, `$ref`s followed. */
export interface Site {
  node: Doc;
  pointer: string;
}

/** The node at a pointer of the spec document, its `$ref`s (a chain of them) followed. */
export function siteAt(doc: Doc, pointer: string): Site | undefined {
  let node: unknown = doc;
  for (const t of pointerTokens(pointer)) node = isPlainObject(node) || Array.isArray(node) ? (node as Doc)[t] : undefined;
  return follow(doc, node, pointer);
}

function follow(doc: Doc, node: unknown, pointer: string): Site | undefined {
  let at = pointer;
  for (let i = 0; i < 16 && isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) {
    at = node.$ref.slice(1);
    node = undefined;
    let n: unknown = doc;
    for (const t of pointerTokens(at)) n = isPlainObject(n) || Array.isArray(n) ? (n as Doc)[t] : undefined;
    node = n;
  }
  return isPlainObject(node) ? { node, pointer: at } : undefined;
}

/** The site of a child of a site (`properties`, `name`), its `$ref`s followed. */
export function child(doc: Doc, site: Site, ...tokens: (string | number)[]): Site | undefined {
  let node: unknown = site.node;
  let pointer = site.pointer;
  for (const t of tokens) {
    node = isPlainObject(node) || Array.isArray(node) ? (node as Doc)[t] : undefined;
    pointer = joinPointer(pointer, t);
  }
  return follow(doc, node, pointer);
}

/** The pointer of the Path Item holding the operation at `opPointer`. */
export function pathItemPointer(opPointer: string): string {
  return pointerTokens(opPointer)
    .slice(0, -1)
    .reduce((p, t) => joinPointer(p, t), '');
}

/** An example a tool's check refused: where it is in the spec and why. */
export interface ExampleFailure {
  file: string;
  /** The place, as argument path: `body.Contacts[].HasAttachments`, `query Beta`. */
  where: string;
  value: string;
  why: string;
  /** The spec's schema the example belongs to, and whether the spec itself accepts it (with every `oneOf` read as `anyOf`). */
  specPointer: string;
  specAccepts: boolean;
}

interface Offence {
  file: string;
  where: string;
  value: unknown;
  why: string;
  /** The spec's schema the value must satisfy. */
  spec: Site;
}

const EXAMPLE_DEPTH = 12;

/**
 * The values a spec's own examples give pass the tool's check. Every `example`
 * (and every item of a schema's `examples` list, and the values of a parameter's or a media
 * type's `examples` map) in a declared operation's request schema, through `$ref`s, is
 * checked by `checkArguments`: a top-level argument's on the tool itself, a whole body's as
 * the tool's arguments, a nested one on a one-argument tool of the published schema at the
 * same place. An example in a `oneOf`/`anyOf` branch is checked against the whole union, as
 * a call meets it. Not counted, because a call is not meant to take them: examples of `allOf`
 * parts (partial by design), of joined query lists (the argument is one string), of
 * properties a request leaves out (`readOnly`), and unknown or missing arguments of a whole
 * body (a refusal SPEC 3.1 makes on purpose).
 *
 * Each refusal is then put to the spec itself (`specAccepts`): its own schema, as a JSON
 * Schema validator reads OpenAPI (`nullable`, a `$ref` standing alone before 3.1), with every
 * `oneOf` read as `anyOf` and `readOnly` properties left out. A refusal the spec makes too is
 * the spec's own mistake (`"true"` for a boolean); one it does not is the conversion's.
 */
export function checkRequestExamples(doc: Doc, declared: readonly { file: string; location: { pointer: string } }[], pkg: SkillPackage, oas31: boolean): { checked: number; failures: ExampleFailure[] } {
  let checked = 0;
  const offences: Offence[] = [];
  const single = new WeakMap<object, CallableOperation>();
  const describe = (value: unknown) => String(JSON.stringify(value)).slice(0, 80);

  const nestedCheck = (callable: CallableOperation, pub: unknown) => (value: unknown, where: string, spec: Site) => {
    if (!isPlainObject(pub)) return;
    let c = single.get(pub);
    if (!c) {
      c = { ...callable, path: [], query: [], body: ['value'], extraBody: false, tool: { ...callable.tool, parameters: { type: 'object', required: ['value'], properties: { value: pub } } } };
      single.set(pub, c);
    }
    checked++;
    const bad = checkArguments(c, { value }).filter((p) => p.severity === 'error');
    if (bad.length > 0) offences.push({ file: callable.file, where, value, why: bad.map((p) => p.message).join('; '), spec });
  };
  const ownExamples = (raw: Doc): unknown[] => [...(Object.hasOwn(raw, 'example') ? [raw.example] : []), ...(Array.isArray(raw.examples) ? raw.examples : [])];

  /** Walk a spec schema beside the published schema at the same place, checking each example met on the way. */
  type Check = (value: unknown, where: string, spec: Site) => void;
  const walk = (callable: CallableOperation, site: Site | undefined, pub: unknown, where: string, depth: number, check: Check, own: boolean, seen: Set<unknown>) => {
    if (!site || !isPlainObject(pub) || depth > EXAMPLE_DEPTH || seen.has(site.node)) return;
    const raw = site.node;
    const next = new Set(seen).add(raw);
    if (own) for (const value of ownExamples(raw)) check(value, where, site);
    if (isPlainObject(raw.properties) && isPlainObject(pub.properties)) {
      for (const name of Object.keys(raw.properties)) {
        if (!Object.hasOwn(pub.properties, name)) continue;
        const at = (pub.properties as Doc)[name];
        walk(callable, child(doc, site, 'properties', name), at, `${where}.${name}`, depth + 1, nestedCheck(callable, at), true, next);
      }
    }
    if (isPlainObject(raw.items) && isPlainObject(pub.items)) walk(callable, child(doc, site, 'items'), pub.items, `${where}[]`, depth + 1, nestedCheck(callable, pub.items), true, next);
    if (isPlainObject(raw.additionalProperties) && isPlainObject(pub.additionalProperties)) {
      walk(callable, child(doc, site, 'additionalProperties'), pub.additionalProperties, `${where}.*`, depth + 1, nestedCheck(callable, pub.additionalProperties), true, next);
    }
    for (const k of ['oneOf', 'anyOf'] as const) {
      const branches = raw[k];
      if (!Array.isArray(branches)) continue;
      const parts = (Array.isArray(pub.oneOf) ? pub.oneOf : Array.isArray(pub.anyOf) ? pub.anyOf : undefined) as unknown[] | undefined;
      branches.forEach((_, i) => {
        const branch = child(doc, site, k, i);
        if (!branch) return;
        // The branch's own examples meet the whole union, as a call does; below it, the branch as published.
        for (const value of ownExamples(branch.node)) check(value, `${where}|${i}`, branch);
        const part = parts && parts.length >= branches.length ? parts[i] : undefined;
        if (part !== undefined) walk(callable, branch, part, `${where}|${i}`, depth + 1, nestedCheck(callable, part), false, next);
      });
    }
    if (Array.isArray(raw.allOf)) raw.allOf.forEach((_, i) => walk(callable, child(doc, site, 'allOf', i), pub, where, depth + 1, check, false, next));
  };

  for (const d of declared) {
    const op = pkg.operations.find((o) => o.file === d.file)!;
    const made = callableOperation(pkg, op);
    if (!made.ok) continue;
    const callable = made.value;
    const props = (isPlainObject(callable.tool.parameters.properties) ? callable.tool.parameters.properties : {}) as Doc;
    const opSite = siteAt(doc, d.location.pointer);
    if (!opSite) continue;
    const item = siteAt(doc, pathItemPointer(d.location.pointer));
    const params: Site[] = [];
    for (const owner of [opSite, item]) {
      if (!owner || !Array.isArray(owner.node.parameters)) continue;
      owner.node.parameters.forEach((_, i) => {
        const p = child(doc, owner, 'parameters', i);
        if (p) params.push(p);
      });
    }
    const seenParams = new Set<string>();
    for (const ps of params) {
      const param = ps.node;
      if (typeof param.name !== 'string' || (param.in !== 'path' && param.in !== 'query')) continue;
      const name = param.name;
      if (seenParams.has(`${param.in} ${name}`) || !Object.hasOwn(props, name)) continue;
      seenParams.add(`${param.in} ${name}`);
      const pub = props[name] as Doc;
      const schema = isPlainObject(param.schema) ? child(doc, ps, 'schema') : ps;
      if (!schema) continue;
      // A joined list is one string argument: the spec's example of the list is not its value.
      if (schema.node.type === 'array' && pub.type === 'string') continue;
      const top: Check = (value, where, spec) => {
        checked++;
        const bad = checkArguments(callable, { [name]: value }).filter((p) => p.ruleId === 'call-invalid-argument' || (p.ruleId === 'call-unknown-argument' && p.message.includes(`\`${name}\``)));
        if (bad.length > 0) offences.push({ file: callable.file, where, value, why: bad.map((p) => p.message).join('; '), spec });
      };
      const where = `${param.in} ${name}`;
      if (Object.hasOwn(param, 'example')) top(param.example, where, schema);
      if (isPlainObject(param.examples)) {
        for (const key of Object.keys(param.examples)) {
          const ex = child(doc, ps, 'examples', key);
          if (ex && Object.hasOwn(ex.node, 'value')) top(ex.node.value, where, schema);
        }
      }
      walk(callable, schema, pub, where, 0, top, true, new Set());
    }

    // The body: its schema's properties are the body arguments; a whole-body example is checked as the arguments.
    let body: Site | undefined;
    const bodyExamples: unknown[] = [];
    const rb = isPlainObject(opSite.node.requestBody) ? child(doc, opSite, 'requestBody') : undefined;
    if (rb && isPlainObject(rb.node.content)) {
      const types = Object.keys(rb.node.content);
      const json = types.find((m) => /json/i.test(m)) ?? types.find((m) => m === '*/*' || m === 'application/*');
      const media = json === undefined ? undefined : child(doc, rb, 'content', json);
      if (media) {
        body = isPlainObject(media.node.schema) ? child(doc, media, 'schema') : undefined;
        if (Object.hasOwn(media.node, 'example')) bodyExamples.push(media.node.example);
        if (isPlainObject(media.node.examples)) {
          for (const key of Object.keys(media.node.examples)) {
            const ex = child(doc, media, 'examples', key);
            if (ex && Object.hasOwn(ex.node, 'value')) bodyExamples.push(ex.node.value);
          }
        }
      }
    } else body = params.filter((p) => p.node.in === 'body').map((p) => child(doc, p, 'schema'))[0];
    if (!body) continue;
    const bodySite = body;
    const names = new Set(callable.body);
    const wholeBody: Check = (value, where) => {
      if (!isPlainObject(value)) return;
      checked++;
      const args: Doc = {};
      for (const k of Object.keys(value)) if (names.has(k) || (callable.extraBody && !callable.path.includes(k) && !callable.query.includes(k))) args[k] = value[k];
      for (const p of checkArguments(callable, args)) {
        if (p.ruleId !== 'call-invalid-argument') continue;
        const name = /^Argument `([^`]+)`/.exec(p.message)?.[1] ?? '';
        offences.push({ file: callable.file, where: `${where}.${name}`, value: value[name], why: p.message, spec: propertySite(doc, bodySite, name) ?? bodySite });
      }
    };
    for (const value of bodyExamples) wholeBody(value, 'body', bodySite);
    walk(callable, bodySite, callable.tool.parameters, 'body', 0, wholeBody, true, new Set());
  }

  const oracle = specOracle(doc, oas31);
  const failures = offences.map((o) => ({ file: o.file, where: o.where, value: describe(o.value), why: o.why.slice(0, 300), specPointer: o.spec.pointer, specAccepts: oracle(o.spec.pointer, o.value) }));
  return { checked, failures };
}

/** Where a body schema defines a field: its `properties`, or those of an `allOf` part. */
function propertySite(doc: Doc, site: Site, name: string, depth = 0): Site | undefined {
  if (depth > 8) return undefined;
  if (isPlainObject(site.node.properties) && Object.hasOwn(site.node.properties, name)) return child(doc, site, 'properties', name);
  if (!Array.isArray(site.node.allOf)) return undefined;
  for (let i = 0; i < site.node.allOf.length; i++) {
    const part = child(doc, site, 'allOf', i);
    const found = part && propertySite(doc, part, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const SPEC_ID = 'https://spec.invalid/openapi';

/**
 * The spec's own reading of a value at a schema of it: every `oneOf` read as `anyOf` (so
 * overlapping branches, the conversion's business, are not the spec's fault), and a copy of
 * the document with `readOnly` properties left out of request schemas, 3.0's boolean exclusive
 * bounds and Swagger's `x-nullable` and `type: file` read as the conversion reads them, then
 * validated by Ajv (draft-07 for OpenAPI 3.0 and Swagger, where a `$ref` stands alone;
 * 2020-12 for 3.1), `format` not checked. True when it accepts the value, or cannot tell.
 */
export function specOracle(doc: Doc, oas31: boolean): (pointer: string, value: unknown) => boolean {
  let ajv: Ajv | Ajv2020 | undefined;
  // One compiled schema per pointer: Ajv compiles a `{$ref}` it is given anew each time.
  const compiled = new Map<string, ((value: unknown) => boolean) | undefined>();
  return (pointer, value) => {
    if (!ajv) {
      const copy = { ...(readable(doc, doc, 0) as Doc), $id: SPEC_ID };
      const options = { strict: false, validateFormats: false, validateSchema: false, allErrors: false } as const;
      ajv = oas31 ? new Ajv2020(options) : new Ajv(options);
      // `oneOf` read as `anyOf` in place, so every `$ref` into a `oneOf` still resolves.
      ajv.removeKeyword('oneOf');
      ajv.addKeyword({ keyword: 'oneOf', macro: (branches: unknown) => ({ anyOf: branches }) });
      ajv.addSchema(copy);
    }
    if (!compiled.has(pointer)) {
      try {
        compiled.set(pointer, ajv.compile({ $ref: `${SPEC_ID}#${pointerTokens(pointer).map((t) => `/${encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}` }));
      } catch {
        compiled.set(pointer, undefined);
      }
    }
    const validate = compiled.get(pointer);
    // A schema the oracle cannot compile says nothing against the conversion: the refusal stands.
    if (validate === undefined) return true;
    try {
      return validate(value) === true;
    } catch {
      return true;
    }
  };
}

/** A deep copy of a spec node, schemas as the oracle reads them. */
function readable(doc: Doc, node: unknown, depth: number): unknown {
  if (Array.isArray(node)) return node.map((n) => readable(doc, n, depth + 1));
  if (!isPlainObject(node) || depth > 200) return node;
  const out: Doc = {};
  for (const k of Object.keys(node)) {
    // Data (examples, extensions) is not read, and its `$id`s or the spec's own must not be taken for schema ids.
    if (k === 'example' || k === 'examples' || k.startsWith('x-') || k === '$id' || k === '$anchor' || k === '$schema' || k === 'id') continue;
    out[k] = readable(doc, node[k], depth + 1);
  }
  if (isPlainObject(out.properties)) {
    const props = out.properties;
    const gone = Object.keys(node.properties as Doc).filter((name) => follow(doc, (node.properties as Doc)[name], '')?.node.readOnly === true);
    for (const name of gone) delete props[name];
    if (Array.isArray(out.required)) out.required = out.required.filter((r) => !gone.includes(r as string));
  }
  for (const k of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    if (typeof out[k] !== 'boolean') continue;
    const bound = k === 'exclusiveMinimum' ? 'minimum' : 'maximum';
    if (out[k] === true && typeof out[bound] === 'number') {
      out[k] = out[bound];
      delete out[bound];
    } else delete out[k];
  }
  if (out['x-nullable'] === true) out.nullable = true;
  if (out.nullable !== undefined && (out.nullable !== true || out.type === undefined)) delete out.nullable;
  if (out.type === 'file') delete out.type;
  return out;
}
