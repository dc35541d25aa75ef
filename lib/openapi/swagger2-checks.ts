import { isPlainObject } from '../core/entries';
import { problem, type Problem } from '../core/problem';
import { fragmentTokens, joinPointer } from '../core/json-pointer';
import type { Locate } from './validate';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const PRIMITIVE = ['array', 'boolean', 'integer', 'number', 'string'];
const SCHEMA_TYPES: (string | undefined)[] = ['array', 'boolean', 'integer', 'number', 'string', 'object', 'null', undefined];

type Obj = Record<string, unknown>;

/**
 * The Swagger 2.0 rules that its JSON Schema cannot express, as swagger-parser's
 * `validate()` checks them (validators/spec.js): unique operationIds, one body parameter,
 * body and formData not mixed, path parameters required and matching the path's
 * placeholders, valid parameter and response types, response codes, `file` parameters
 * consuming form data, and required properties that exist. swagger-parser stops at the
 * first; here every one is reported, at its place. Internal `$ref`s are followed.
 */
export function swagger2Problems(doc: Obj, locate: Locate): Problem[] {
  const out: Problem[] = [];
  const report = (pointer: string, message: string) => {
    const at = locate(pointer);
    out.push(problem('spec-invalid', 'error', message, at.file, { line: at.line, column: at.column, pointer: at.pointer }));
  };
  // What each internal pointer points at, found once: Kubernetes' 947 operations share a few
  // hundred parameters by reference. The document does not change while it is checked.
  const targets = new Map<string, unknown>();
  const target = (ref: string): unknown => {
    if (targets.has(ref)) return targets.get(ref);
    let node: unknown = doc;
    for (const t of fragmentTokens(ref.slice(1)) ?? []) {
      node = isPlainObject(node) || Array.isArray(node) ? (node as Obj)[t] : undefined;
      if (node === undefined) break;
    }
    targets.set(ref, node);
    return node;
  };
  const deref = (v: unknown): unknown => {
    for (let hops = 0; hops < 64 && isPlainObject(v) && typeof v.$ref === 'string'; hops++) {
      const ref = v.$ref;
      if (!ref.startsWith('#')) return v;
      const node = target(ref);
      if (node === undefined) return v;
      v = node;
    }
    return v;
  };

  const operationIds = new Map<string, string>();
  const paths = deref(doc.paths);
  if (isPlainObject(paths)) {
    for (const pathName of Object.keys(paths)) {
      if (!pathName.startsWith('/')) continue;
      const pathPtr = joinPointer('/paths', pathName);
      const item = deref(paths[pathName]);
      if (!isPlainObject(item)) continue;
      const pathParams = paramList(item.parameters, `${pathPtr}/parameters`);
      duplicates(pathParams, report);
      for (const method of METHODS) {
        const op = deref(item[method]);
        if (!isPlainObject(op)) continue;
        const opPtr = `${pathPtr}/${method}`;
        if (typeof op.operationId === 'string') {
          const first = operationIds.get(op.operationId);
          if (first) report(`${opPtr}/operationId`, `duplicate operationId "${op.operationId}" (first at #${first})`);
          else operationIds.set(op.operationId, opPtr);
        }
        const opParams = paramList(op.parameters, `${opPtr}/parameters`);
        duplicates(opParams, report);
        const params = [...opParams];
        for (const p of pathParams) if (!params.some((q) => q.param.in === p.param.in && q.param.name === p.param.name)) params.push(p);
        checkParams(params, pathName, opPtr, op);
        const responses = deref(op.responses);
        if (isPlainObject(responses)) {
          for (const code of Object.keys(responses)) {
            if (code.startsWith('x-')) continue;
            const rPtr = joinPointer(`${opPtr}/responses`, code);
            const n = Number(code);
            if (code !== 'default' && !(n >= 100 && n <= 599)) report(rPtr, `invalid response code "${code}"`);
            const response = deref(responses[code]);
            if (isPlainObject(response)) checkResponse(response, rPtr);
          }
        }
      }
    }
  }
  const definitions = doc.definitions;
  if (isPlainObject(definitions)) {
    for (const name of Object.keys(definitions)) requiredExist(deref(definitions[name]), joinPointer('/definitions', name));
  }
  return out;

  function paramList(v: unknown, ptr: string): { param: Obj; ptr: string }[] {
    const list = deref(v);
    if (!Array.isArray(list)) return [];
    const out: { param: Obj; ptr: string }[] = [];
    list.forEach((p, i) => {
      const param = deref(p);
      if (isPlainObject(param)) out.push({ param, ptr: `${ptr}/${i}` });
    });
    return out;
  }

  function duplicates(list: { param: Obj; ptr: string }[], rep: typeof report) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i].param;
        const b = list[j].param;
        if (a.name === b.name && a.in === b.in) rep(list[j].ptr, `duplicate ${String(a.in)} parameter "${String(a.name)}"`);
      }
    }
  }

  function checkParams(params: { param: Obj; ptr: string }[], pathName: string, opPtr: string, op: Obj) {
    const body = params.filter((p) => p.param.in === 'body');
    const form = params.filter((p) => p.param.in === 'formData');
    if (body.length > 1) report(body[1].ptr, `${body.length} body parameters; only one is allowed`);
    else if (body.length > 0 && form.length > 0) report(body[0].ptr, 'body and formData parameters together; only one or the other is allowed');
    const placeholders: string[] = pathName.match(/\{([^/}]+)}/g) ?? [];
    for (let i = 0; i < placeholders.length; i++) {
      if (placeholders.indexOf(placeholders[i]) !== i) report(opPtr, `the path has the placeholder ${placeholders[i]} more than once`);
    }
    const open = [...new Set(placeholders)];
    for (const { param, ptr } of params) {
      if (param.in === 'path') {
        if (param.required !== true) report(ptr, `path parameter "${String(param.name)}" must have required: true`);
        const at = open.indexOf(`{${String(param.name)}}`);
        if (at === -1) report(ptr, `path parameter "${String(param.name)}" has no {${String(param.name)}} in the path`);
        else open.splice(at, 1);
      }
      const isBody = param.in === 'body';
      const schema = isBody ? deref(param.schema) : param;
      const valid = isBody ? SCHEMA_TYPES : param.in === 'formData' ? [...PRIMITIVE, 'file'] : PRIMITIVE;
      if (!isPlainObject(schema)) continue;
      checkType(schema, isBody ? `${ptr}/schema` : ptr, valid);
      requiredExist(schema, isBody ? `${ptr}/schema` : ptr);
      if (schema.type === 'file') {
        const consumes: unknown = op.consumes ?? doc.consumes ?? [];
        const okMime = Array.isArray(consumes) && consumes.some((c) => typeof c === 'string' && (/multipart\/(.*\+)?form-data/.test(c) || /application\/(.*\+)?x-www-form-urlencoded/.test(c)));
        if (!okMime) report(ptr, 'a file parameter needs the operation to consume multipart/form-data or application/x-www-form-urlencoded');
      }
    }
    if (open.length > 0) report(opPtr, `no path parameter for ${open.join(', ')}`);
  }

  function checkResponse(response: Obj, ptr: string) {
    const headers = deref(response.headers);
    if (isPlainObject(headers)) {
      for (const name of Object.keys(headers)) {
        const h = deref(headers[name]);
        if (isPlainObject(h)) checkType(h, joinPointer(`${ptr}/headers`, name), PRIMITIVE);
      }
    }
    const schema = deref(response.schema);
    if (isPlainObject(schema)) checkType(schema, `${ptr}/schema`, [...SCHEMA_TYPES, 'file']);
  }

  function checkType(schema: Obj, ptr: string, valid: (string | undefined)[]) {
    const t = schema.type;
    if (typeof t === 'string' || t === undefined) {
      if (!valid.includes(t)) report(ptr, `invalid type "${String(t)}" here`);
    } else if (!Array.isArray(t)) report(ptr, 'invalid type');
    if (t === 'array' && schema.items === undefined) report(ptr, 'an array needs an "items" schema');
  }

  function requiredExist(v: unknown, ptr: string) {
    const schema = deref(v);
    if (!isPlainObject(schema) || !Array.isArray(schema.required)) return;
    const t = schema.type;
    if (Array.isArray(t) ? !t.includes('object') : t !== 'object') return;
    const props = new Set<string>();
    const collect = (s: unknown, depth: number) => {
      const o = deref(s);
      if (!isPlainObject(o) || depth > 64) return;
      if (isPlainObject(o.properties)) for (const k of Object.keys(o.properties)) props.add(k);
      if (Array.isArray(o.allOf)) for (const p of o.allOf) collect(p, depth + 1);
    };
    collect(schema, 0);
    for (const r of schema.required) {
      if (typeof r === 'string' && !props.has(r)) report(`${ptr}/required`, `required property "${r}" is not among the properties`);
    }
  }
}

