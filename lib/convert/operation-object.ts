import { isPlainObject } from '../core/entries';
import type { Method } from '../skill/operation-file';
import { own, type ConvertContext, type Json } from './context';
import type { OperationObject, PathItemObject, RequestBodyObject } from './document';
import { arrayStyle, inlineTop, readParameters, scalarSchema, shapeOf, type ParameterInfo } from './parameter-object';
import { readRequestBody, type BodyPlan } from './request-body-object';
import { TypeRef, type Converted } from './schema-object';
import { essenceOf, isJsonMediaType } from '../core/media-type';
import type { RequestFeature } from './model';
import type { SecurityModel } from './security';
import type { ServerResolver } from './servers';
import { codeSpan } from '../skill/markdown';
import type { TypeRegistry } from './type-registry';
import { readResponses, type ResponsePlan } from './response-object';
import { planSafety, type SafetyPlan } from './safety';

/** One argument of a declared operation: where it goes and its schema (SPEC 1.3). */
export interface ArgumentPlan {
  name: string;
  place: 'path' | 'query' | 'header' | 'body';
  schema: Converted;
  required: boolean;
}

/** A parameter that is not an argument, and why (named in the prose). */
export interface LeftOut {
  name: string;
  in: string;
  why: string;
}

/** Everything known about one operation before its file is written. */
export interface OperationPlan {
  method: Method;
  path: string;
  pointer: string;
  operation: OperationObject;
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  url: string;
  absolute: boolean;
  arguments: ArgumentPlan[];
  /** Why the request cannot be declared; empty when it can (SPEC 4.3). */
  reasons: string[];
  /** Header and cookie parameters that are not credentials. */
  headers: ParameterInfo[];
  cookies: ParameterInfo[];
  /** Parameters and body fields that are not arguments although the operation is declared. */
  leftOut: LeftOut[];
  /** Query parameters as the spec has them, for a hand-readable call section. */
  query: { param: ParameterInfo; note?: string }[];
  /** How a joined query array is written, by argument name. */
  body: BodyPlan;
  /** Query and form-body arguments sent in bracket style (SPEC 7.1 `deep`), in argument order. */
  deep: string[];
  /** Fixed headers sent with every call (SPEC 7.1 `headers`): required headers with one allowed value. */
  fixedHeaders: Record<string, string>;
  /** The body's media type when it is not `application/json` (SPEC 7.1 `content-type`). */
  contentType?: string;
  /** The argument whose value is the whole body (SPEC 7.1 `body-argument`). */
  bodyArgument?: string;
  /** What the declaration holds that sections 1 to 6 of SPEC could not declare, for the report (SPEC 7.3). */
  features: RequestFeature[];
  /** What it promises (SPEC 8.3): its safety, as the spec says it. */
  safety: SafetyPlan;
  /** What it answers on success (SPEC 8.3): `status` and `returns`. */
  response: ResponsePlan;
}

export const GENERATED_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
/** The eight methods of a Path Item Object, in the order the OpenAPI specification lists them. */
export const PATH_ITEM_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation's tags (what the report lists and curation chooses by): its `tags` strings, each once, in order. */
export function operationTags(op: OperationObject): string[] {
  const tags = own(op, 'tags');
  if (!Array.isArray(tags)) return [];
  return [...new Set(tags.filter((t): t is string => typeof t === 'string'))];
}

/** Headers the platform sets itself; a required one is not worth a warning. */
const PLATFORM_HEADERS = new Set(['content-type', 'accept', 'content-length', 'user-agent', 'host']);

/**
 * Headers a declaration may not send (SPEC 7.1): credentials and what the platform sets
 * itself. `Accept` and `User-Agent` are the platform's too, but a required `Accept` with one
 * value may be a fixed header.
 */
const NOT_ARGUMENT_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'content-type', 'content-length', 'host', 'idempotency-key', 'accept', 'user-agent']);


export interface OperationSite {
  path: string;
  method: (typeof GENERATED_METHODS)[number];
  pathItem: PathItemObject;
  pathItemPointer: string;
  operation: OperationObject;
  pointer: string;
}

/**
 * The Operation Object (SPEC 4.2, 4.3): its URL, its arguments (path and query
 * parameters, then the fields of a JSON body), the parameters that are not arguments,
 * and the reasons, if any, that its request cannot be declared.
 */
export function planOperation(ctx: ConvertContext, types: TypeRegistry, security: SecurityModel, servers: ServerResolver, site: OperationSite): OperationPlan {
  const { operation: op, pointer } = site;
  security.noteRequirements(own(op, 'security'));
  const server = servers.forOperation(op, pointer, site.pathItem, site.pathItemPointer);
  const params = readParameters(ctx, types, site.pathItem, site.pathItemPointer, op, pointer);
  const plan: OperationPlan = {
    method: site.method.toUpperCase() as Method,
    path: site.path,
    pointer,
    operation: op,
    operationId: typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined,
    summary: typeof op.summary === 'string' && op.summary.trim() !== '' ? op.summary : undefined,
    description: typeof op.description === 'string' && op.description.trim() !== '' ? op.description : undefined,
    deprecated: op.deprecated === true,
    url: '',
    absolute: server.absolute,
    arguments: [],
    reasons: [],
    headers: [],
    cookies: [],
    leftOut: [],
    query: [],
    body: { kind: 'none' },
    deep: [],
    fixedHeaders: {},
    features: [],
    safety: {},
    response: {},
  };
  const feature = (f: RequestFeature) => {
    if (!plan.features.includes(f)) plan.features.push(f);
  };

  // The URL template: whole-segment parameters, and parameters inside a segment beside literal text (SPEC 7.1).
  const templateNames: string[] = [];
  const inSegment = new Set<string>();
  // A fragment in a path key (`/files/{file_id}#get_shared_link`, Box's way of naming two
  // operations on one path) is never sent: the URL leaves it out, and two operations left on the
  // same method and URL are prose-only as duplicates are.
  const hash = site.path.indexOf('#');
  const requestPath = hash < 0 ? site.path : site.path.slice(0, hash);
  if (hash >= 0) ctx.warn('path-fragment', `The path ${codeSpan(site.path)} holds a fragment (${codeSpan(site.path.slice(hash))}), which no request sends; the URL leaves it out`, pointer);
  const segments = (requestPath.startsWith('/') ? requestPath : `/${requestPath}`).split('/');
  const encoded = segments.map((segment) => {
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      if (templateNames.includes(whole[1])) plan.reasons.push(`the path names the parameter ${codeSpan(whole[1])} twice`);
      templateNames.push(whole[1]);
      return segment;
    }
    if (/[{}]/.test(segment)) {
      // Literal text and `{name}`s alternating: `{Sid}.json` is ['', '{Sid}', '.json'].
      const parts = segment.split(/(\{[^{}]+\})/);
      const literals = parts.filter((_, i) => i % 2 === 0);
      const names = parts.filter((_, i) => i % 2 === 1).map((x) => x.slice(1, -1));
      if (literals.some((l) => /[{}]/.test(l))) {
        plan.reasons.push(`the path segment ${codeSpan(segment)} holds a brace that does not enclose a parameter name`);
      } else if (literals.slice(1, -1).some((l) => l === '')) {
        plan.reasons.push(`the path segment ${codeSpan(segment)} holds two parameters with no text between them, so a request path cannot tell where one ends`);
      }
      for (const name of names) {
        if (templateNames.includes(name)) plan.reasons.push(`the path names the parameter ${codeSpan(name)} twice`);
        else templateNames.push(name);
        inSegment.add(name);
      }
      feature('segment-parameter');
      return parts.map((x, i) => (i % 2 === 1 ? x : encodeSegment(x))).join('');
    }
    return encodeSegment(segment);
  });
  plan.url = `${server.url}${encoded.join('/')}`;

  const taken = new Map<string, string>();
  // Path parameters, in the order the URL names them.
  for (const name of templateNames) {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    if (!p) {
      ctx.warn('path-parameter', `The path names ${codeSpan(name)}, which the operation does not declare; it is taken as a required string`, pointer);
      plan.arguments.push({ name, place: 'path', schema: { type: 'string' }, required: true });
      taken.set(name, 'path');
      continue;
    }
    const shape = shapeOf(inlineTop(p.schema, types), types);
    const style = ctx.dialect.swagger ? 'simple' : typeof p.raw.style === 'string' ? p.raw.style : 'simple';
    const label = style === 'label';
    let schema: Converted;
    if (style === 'matrix') {
      plan.reasons.push(`the path parameter ${codeSpan(name)} is matrix-style (\`;${name}=value\`), which a URL template's segment cannot hold`);
      schema = { type: 'string' };
    } else if (shape === 'object') {
      plan.reasons.push(`the path parameter ${codeSpan(name)} is an object`);
      schema = { type: 'string' };
    } else if (shape === 'array') {
      const dot = label && p.raw.explode === true;
      schema = joined(ctx, p, dot ? '.' : ',', dot ? 'dots' : 'commas', types);
    } else schema = scalarSchema(p.schema, types, true);
    if (label && isPlainObject(schema)) {
      // Label style (RFC 6570 `{.name}`): the segment starts with a dot.
      const note = 'Label style: the value starts with a dot (`.value`).';
      schema = { ...schema, description: [shape === 'array' ? schema.description : p.description, note].filter((x) => typeof x === 'string' && x !== '').join(' ') };
    }
    plan.arguments.push({ name, place: 'path', schema: annotate(schema, p, label || shape === 'array'), required: true });
    taken.set(name, 'path');
  }
  for (const p of params) {
    if (p.in === 'path' && !templateNames.includes(p.name)) ctx.warn('path-parameter', `The path parameter ${codeSpan(p.name)} does not appear in the path ${codeSpan(site.path)}; it is ignored`, p.pointer);
  }

  // Query parameters.
  for (const p of params) {
    if (p.in !== 'query') continue;
    if (security.isCredential('query', p.name) || security.guessCredential('query', p.name, p.pointer)) continue;
    const entry: { param: ParameterInfo; note?: string } = { param: p };
    plan.query.push(entry);
    const leaveOut = (why: string, reason: string) => {
      entry.note = why;
      if (p.required) plan.reasons.push(reason);
      else {
        plan.leftOut.push({ name: p.name, in: 'query', why });
        ctx.warn('parameter-left-out', `The optional query parameter ${codeSpan(p.name)} is not an argument: ${why}`, p.pointer);
      }
    };
    if (taken.has(p.name)) {
      leaveOut(`a ${taken.get(p.name)} parameter has the same name`, `the query parameter ${codeSpan(p.name)} has the same name as a path parameter`);
      continue;
    }
    const style = arrayStyle(p, ctx.dialect.swagger);
    const shape = shapeOf(inlineTop(p.schema, types), types);
    const contentJson = p.contentType !== undefined && /json/i.test(p.contentType);
    if (contentJson && shape !== 'scalar') {
      leaveOut('its value is JSON text in the query string, which arguments cannot send', `the required query parameter ${codeSpan(p.name)} is JSON text`);
      continue;
    }
    if (shape === 'object' || ('deepObject' in style && shape === 'array')) {
      // A `deepObject`, or an object in the query, is sent in bracket style: `filter[status]=open` (SPEC 7.1 `deep`).
      if (!('deepObject' in style)) ctx.warn('query-object', `The query parameter ${codeSpan(p.name)} is an object and is not a \`deepObject\`; it is sent in bracket style (\`${p.name}[key]=value\`)`, p.pointer);
      entry.note = 'sent in bracket style (`name[key]=value`)';
      plan.arguments.push({ name: p.name, place: 'query', schema: annotate(p.schema, p), required: p.required });
      plan.deep.push(p.name);
      feature('deep');
      taken.set(p.name, 'query');
      continue;
    }
    let schema: Converted;
    let joinedList = false;
    if (shape === 'array') {
      if ('separator' in style) {
        joinedList = true;
        schema = joined(ctx, p, style.separator, style.label, types);
        entry.note = `several values joined with ${style.label} in one string`;
      } else {
        const s = inlineTop(p.schema, types) as Json;
        schema = { ...s, type: 'array', items: scalarSchema((s.items ?? {}) as Converted, types, false) };
        entry.note = 'a list is sent repeated';
      }
    } else schema = scalarSchema(p.schema, types, false);
    plan.arguments.push({ name: p.name, place: 'query', schema: annotate(schema, p, joinedList), required: p.required });
    taken.set(p.name, 'query');
  }

  // Header parameters that are not credentials are arguments, or fixed headers (SPEC 7.3); cookies are the gateway's.
  for (const p of params) {
    if (p.in !== 'header' && p.in !== 'cookie') continue;
    if (security.isCredential(p.in, p.name) || security.guessCredential(p.in, p.name, p.pointer)) continue;
    if (p.in === 'header' && headerArgument(ctx, types, plan, p, taken)) {
      feature(plan.fixedHeaders[p.name] !== undefined ? 'fixed-header' : 'header');
      continue;
    }
    (p.in === 'header' ? plan.headers : plan.cookies).push(p);
    if (p.required && !(p.in === 'header' && PLATFORM_HEADERS.has(p.name.toLowerCase()))) {
      ctx.warn('required-header', `The operation requires the ${p.in} ${codeSpan(p.name)}, which is not an argument (the gateway owns headers); the prose names it`, p.pointer);
    }
  }

  plan.safety = planSafety(plan.method, op, site.path);

  // The body.
  plan.body = readRequestBody(ctx, types, op, pointer, params);
  const body = plan.body;
  const bodyRequired = bodyIsRequired(ctx, op, params);
  const emptyBody = body.kind === 'fields' ? body.fields.length === 0 && body.extra === undefined : body.kind === 'other' && body.fields !== undefined && body.fields.length === 0 && body.shape === undefined;
  if ((plan.method === 'GET' || plan.method === 'HEAD') && emptyBody) {
    // A GET that "defines" an empty form or JSON object (Stripe's) sends nothing either way.
    plan.body = { kind: 'none' };
  } else if ((plan.method === 'GET' || plan.method === 'HEAD') && body.kind !== 'none') {
    if (bodyRequired) plan.reasons.push(`a ${plan.method} request carries no body, but this one requires one`);
    else {
      ctx.warn('body-on-get', `The ${plan.method} operation defines an optional request body; it is left out (${plan.method} sends no body)`, body.pointer);
      plan.leftOut.push({ name: 'body', in: 'body', why: `a ${plan.method} request sends no body` });
    }
  } else if (body.kind === 'other') {
    plan.reasons.push(body.reason);
  } else if (body.kind === 'fields' && body.empty && bodyRequired) {
    plan.reasons.push('the JSON body must be an empty object (`{}`, no field allowed), and a declaration sends a body only when it has fields');
  } else if (body.kind === 'whole') {
    const name = ['body', 'request_body', 'request_body_value'].find((n) => !taken.has(n));
    if (name === undefined) plan.reasons.push('the body is not an object, and every name its argument could take is a parameter\'s');
    else {
      const schema = body.description !== undefined ? withDescriptionOf(body.schema, body.description) : body.schema;
      plan.arguments.push({ name, place: 'body', schema, required: bodyRequired });
      plan.bodyArgument = name;
      feature('body-argument');
      ctx.warn('body-argument', `${capitalize(body.what)}: the body is declared as one argument, ${codeSpan(name)}, whose value is the whole body`, body.pointer);
      setContentType(plan, body.mediaType, feature);
    }
  } else if (body.kind === 'fields' && bodyRequired && body.extra === undefined && body.fields.length > 0 && body.fields.every((f) => f.file)) {
    // The body must be sent and only a file can fill it: a required file, whatever each field says.
    plan.reasons.push(`the request body is required and its only ${body.fields.length === 1 ? 'field' : 'fields'} ${body.fields.map((f) => codeSpan(f.name)).join(', ')} ${body.fields.length === 1 ? 'is a file' : 'are files'}, which a model cannot send`);
  } else if (body.kind === 'fields') {
    for (const f of body.fields) {
      if (f.file) {
        if (f.required) plan.reasons.push(`the required body field ${codeSpan(f.name)} is a file, which a model cannot send`);
        else {
          plan.leftOut.push({ name: f.name, in: 'body', why: 'it is a file, which a model cannot send' });
          ctx.warn('file-left-out', `The optional body field ${codeSpan(f.name)} is a file, which a model cannot send; it is not an argument`, f.param?.pointer ?? body.pointer);
        }
        continue;
      }
      if (f.notSent !== undefined) {
        if (f.required) plan.reasons.push(`the required body field ${codeSpan(f.name)} cannot be sent: ${f.notSent}`);
        else {
          plan.leftOut.push({ name: f.name, in: 'body', why: f.notSent });
          ctx.warn('parameter-left-out', `The optional body field ${codeSpan(f.name)} is not an argument: ${f.notSent}`, f.encodingPointer ?? body.pointer);
        }
        continue;
      }
      const clash = taken.get(f.name);
      if (clash) {
        if (f.required) {
          plan.reasons.push(`the required body field ${codeSpan(f.name)} has the same name as a ${clash} parameter`);
          ctx.warn('name-clash', `The required body field ${codeSpan(f.name)} has the same name as a ${clash} parameter: the operation is written without a declaration`, body.pointer);
        } else {
          plan.leftOut.push({ name: f.name, in: 'body', why: `a ${clash} parameter has the same name` });
          ctx.warn('name-clash', `The optional body field ${codeSpan(f.name)} has the same name as a ${clash} parameter, which keeps the name; the field is left out`, body.pointer);
        }
        continue;
      }
      let schema = f.schema;
      // A form list not sent repeated (Swagger 2.0 `collectionFormat` other than `multi`, OpenAPI 3 `explode: false`) is one joined string, as in a query.
      if (f.param && body.encoding !== 'json' && shapeOf(inlineTop(f.param.schema, types), types) === 'array') {
        const style = arrayStyle(f.param, ctx.dialect.swagger);
        if ('separator' in style) schema = joined(ctx, f.param, style.separator, style.label, types);
      }
      plan.arguments.push({ name: f.name, place: 'body', schema, required: f.required });
      if (f.deep) {
        plan.deep.push(f.name);
        feature('deep');
      }
    }
    if (plan.arguments.some((a) => a.place === 'body') || body.extra !== undefined) {
      if (body.encoding === 'form') feature('form-body');
      if (body.encoding === 'multipart') feature('multipart-body');
      setContentType(plan, body.mediaType, feature);
    }
  }
  // Only a declared operation has a `returns` to write.
  if (plan.reasons.length === 0) plan.response = readResponses(ctx, types, op, pointer);
  return plan;
}

/** The body's media type on the plan when it is not `application/json` (SPEC 7.1 `content-type`), without parameters. */
function setContentType(plan: OperationPlan, mediaType: string, feature: (f: RequestFeature) => void): void {
  const essence = essenceOf(mediaType);
  if (essence === 'application/json') return;
  plan.contentType = essence;
  if (isJsonMediaType(essence)) feature('json-media-type');
}

/**
 * A header parameter as an argument (SPEC 7.1, 7.3), or a fixed header when it is required
 * and allows one value (an `enum` of one, a `const`); false when it stays the gateway's
 * (a name the platform owns or one that names a secret), is left out (optional, and an
 * object or sharing a name), or makes the operation prose-only (required, the same).
 */
function headerArgument(ctx: ConvertContext, types: TypeRegistry, plan: OperationPlan, p: ParameterInfo, taken: Map<string, string>): boolean {
  const lower = p.name.toLowerCase();
  const s = inlineTop(p.schema, types);
  const single = isPlainObject(s) ? ('const' in s && s.const !== null && typeof s.const !== 'object' ? [s.const] : Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] !== null && typeof s.enum[0] !== 'object' ? s.enum : undefined) : undefined;
  if (p.required && single !== undefined && (lower === 'accept' || !NOT_ARGUMENT_HEADERS.has(lower))) {
    plan.fixedHeaders[p.name] = String(single[0]);
    return true;
  }
  if (NOT_ARGUMENT_HEADERS.has(lower)) return false;
  const leaveOut = (why: string, reason: string) => {
    if (p.required) plan.reasons.push(reason);
    else {
      plan.leftOut.push({ name: p.name, in: 'header', why });
      ctx.warn('parameter-left-out', `The optional header ${codeSpan(p.name)} is not an argument: ${why}`, p.pointer);
    }
    return true;
  };
  if (taken.has(p.name)) return leaveOut(`a ${taken.get(p.name)} parameter has the same name`, `the header ${codeSpan(p.name)} has the same name as a ${taken.get(p.name)} parameter`);
  const shape = shapeOf(s, types);
  if (shape === 'object') return leaveOut('its value is an object, which a header cannot carry', `the required header ${codeSpan(p.name)} is an object`);
  const schema = shape === 'array' ? joined(ctx, p, ',', 'commas', types) : scalarSchema(p.schema, types, false);
  plan.arguments.push({ name: p.name, place: 'header', schema: annotate(schema, p, shape === 'array'), required: p.required });
  taken.set(p.name, 'header');
  return true;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withDescriptionOf(schema: Converted, description: string): Converted {
  if (schema instanceof TypeRef) return new TypeRef(schema.target, { ...schema.siblings, description });
  return isPlainObject(schema) ? { ...schema, description } : schema;
}

/**
 * A list sent as one string of joined values (SPEC 4.2), its description saying so. An
 * `enum` of its items cannot stay on items (the argument is one string), so it is kept as a
 * `pattern` of allowed values joined by the separator (checked like the enum was) and, when
 * there are at most 30, listed in the description; the report says where it went.
 */
function joined(ctx: ConvertContext, p: ParameterInfo, separator: string, label: string, types: TypeRegistry): Json {
  const s = inlineTop(p.schema, types);
  const items = isPlainObject(s) ? inlineTop((s.items ?? {}) as Converted, types) : {};
  const item = isPlainObject(items) ? items : {};
  const example = separator === '\t' ? 'a<TAB>b' : `a${separator}b`;
  let note = `Several values are sent as one string, joined with ${label} (\`${example}\`).`;
  const values = Array.isArray(item.enum) ? item.enum.filter((v) => v !== null && typeof v !== 'object').map(String) : [];
  const listed = values.length > 0 && values.length <= MAX_LISTED_VALUES;
  if (listed) note += ` Each value is one of ${values.map((v) => codeSpan(v)).join(', ')}.`;
  else if (typeof item.type === 'string' && item.type !== 'string') note += ` Each value is ${item.type === 'integer' ? 'an integer' : `a ${item.type}`}.`;
  const description = p.description ?? (isPlainObject(s) && typeof s.description === 'string' ? s.description : undefined);
  const out: Json = { type: 'string', description: description ? `${description.trim()} ${note}` : note };
  if (values.length > 0) {
    const pattern = joinedPattern(values, separator);
    if (pattern !== undefined) out.pattern = pattern;
    const kept = [pattern !== undefined ? 'a `pattern` that allows only its values' : undefined, listed ? 'the description' : undefined].filter((x) => x !== undefined);
    // An OpenAPI 3 form field is read as a `formData` parameter would be, but is not one.
    const what = p.in === 'formData' && !ctx.dialect.swagger ? 'form field' : `${p.in} parameter`;
    const list = `The ${what} ${codeSpan(p.name)} is a list sent as one string joined with ${label}, so the \`enum\` of its items cannot stay on items`;
    ctx.warn(
      'joined-enum',
      kept.length > 0 ? `${list}: it is kept in ${kept.join(' and in ')}` : `${list}: its ${values.length} values are too many to list and some hold ${label === 'commas' ? 'a comma' : 'the separator'}, so it is left out`,
      p.pointer,
    );
  }
  return out;
}

const MAX_LISTED_VALUES = 30;
const MAX_PATTERN = 4096;

/** `^(?:a|b)(?:,(?:a|b))*$`: one or more of the values joined by the separator; none when a value is empty or holds the separator. */
function joinedPattern(values: readonly string[], separator: string): string | undefined {
  if (values.some((v) => v === '' || v.includes(separator))) return undefined;
  const one = `(?:${[...new Set(values)].map(escapeRegExp).join('|')})`;
  const pattern = `^${one}(?:${escapeRegExp(separator)}${one})*$`;
  return pattern.length <= MAX_PATTERN ? pattern : undefined;
}

/** A literal in a regular expression compiled with the `u` flag, which allows escaping syntax characters only. */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** The parameter's description (over its schema's) and deprecation on its argument schema; a joined list already says both. */
function annotate(schema: Converted, p: ParameterInfo, joinedList = false): Converted {
  // A reference keeps its target: the parameter's words go beside it, laid over the type's.
  if (schema instanceof TypeRef) {
    const siblings: Json = { ...schema.siblings };
    if (p.description !== undefined && !joinedList) siblings.description = p.description;
    if (p.deprecated) siblings.deprecated = true;
    return new TypeRef(schema.target, siblings);
  }
  if (!isPlainObject(schema)) return schema;
  const out: Json = { ...schema };
  if (p.description !== undefined && !joinedList) out.description = p.description;
  if (p.deprecated) out.deprecated = true;
  return out;
}

function bodyIsRequired(ctx: ConvertContext, op: OperationObject, params: ParameterInfo[]): boolean {
  if (ctx.dialect.swagger) return params.some((p) => (p.in === 'body' || p.in === 'formData') && p.required);
  const rb = ctx.resolve<RequestBodyObject>(own(op, 'requestBody'), '');
  return rb?.node.required === true;
}

/** A segment of only the characters a URL path may hold as they are (RFC 3986 pchar, `%` aside). */
const PATH_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;

/** A literal path segment with every character a URL path may not hold percent-encoded (valid `%XX` kept). */
export function encodeSegment(segment: string): string {
  // Most segments hold only characters a path may (no `%`): one search instead of one a character, which a spec of thousands of segments would pay for.
  if (PATH_SEGMENT.test(segment)) return segment;
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(segment.slice(i + 1, i + 3))) {
      out += c;
      continue;
    }
    if (/[A-Za-z0-9\-._~!$&'()*+,;=:@]/.test(c)) {
      out += c;
      continue;
    }
    const cp = segment.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp > 0xffff) i++;
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%EF%BF%BD';
    }
  }
  return out;
}
