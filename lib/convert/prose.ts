import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { words } from '../core/words';
import { descriptionFault } from '../rules/description-quality';
import { own, type ConvertContext } from './context';
import type { OperationPlan } from './operation-object';
import type { ParameterInfo } from './parameter-object';
import { describeSchema, isJsonMediaType, type BodyField } from './request-body-object';
import { TypeRef, type Converted } from './schema-object';
import { codeSpan, fold, inlineText, leadingEscape, safeParagraph, shorten } from '../skill/markdown';
import { safeMarkdown, splitFirstParagraph } from './text';
import type { TypeRegistry } from './type-registry';
import { writeCallSection, type CallItem } from '../skill/call-section';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { groupDigits } from '../core/numbers';
import type { ReplacedObject } from './fit';
import { TRUNCATED, type ShapeWriter } from './shape';

/** SPEC 5 `description`: the first paragraph warns above this. */
export const MAX_DESCRIPTION = 1024;
const FIELD_DESCRIPTION = 300;

export interface OperationProse {
  /** The whole prose of the operation file. */
  prose: string;
  /** Its first paragraph: the tool's description and the manifest's line. */
  description: string;
}

/**
 * An operation file's prose (SPEC 4.5): the first paragraph is the summary, else the first
 * paragraph of the description, else a sentence from method and path, saying first when
 * the operation is deprecated; then the rest of the description, what it returns, and
 * notes (headers it needs, parameters that are not arguments, pagination). A prose-only
 * file ends with a hand-readable call section (SPEC 4.3). Spec text is made safe markdown
 * (text.ts).
 */
export function operationProse(plan: OperationPlan, ctx: ConvertContext, types: TypeRegistry, declared: boolean, fitted?: FittedObjects, bodyShapes?: ShapeWriter): OperationProse {
  const description = plan.description !== undefined ? safeMarkdown(plan.description) : '';
  const split = splitFirstParagraph(description);
  let first = '';
  let rest = description;
  const lead = split.first === '' ? undefined : leadSentences(split.first);
  // A summary a model cannot choose the tool by (`CreatePayment`, `List`) gives way to the description's lead, when that says more.
  const weak = plan.summary !== undefined && lead !== undefined ? weakSummary(plan, lead.lead) : undefined;
  if (plan.summary !== undefined && weak === undefined) {
    first = safeParagraph(plan.summary);
    // A description that starts by repeating the summary does not say it twice.
    if (split.first !== '' && fold(split.first).toLowerCase() === fold(first).replace(/^\\/, '').toLowerCase()) rest = split.rest;
  } else if (lead !== undefined) {
    first = leadingEscape(lead.lead);
    rest = [lead.rest === '' ? '' : leadingEscape(lead.rest), split.rest].filter((p) => p !== '').join('\n\n');
    if (weak !== undefined) {
      ctx.warn('weak-summary', `The summary ${codeSpan(plan.summary!)} ${weak}, so the tool's description is the description's first sentences instead`, joinPointer(plan.pointer, 'summary'));
    }
  }
  if (first === '') first = `Calls ${codeSpan(`${plan.method} ${plan.path}`)}.`;
  if (plan.deprecated) first = `Deprecated. ${first.replace(/^\\/, '')}`;
  if (first.length > MAX_DESCRIPTION) {
    // The tool description is the first paragraph: keep it within the limit, and the whole text below it.
    rest = [first, rest].filter((s) => s !== '').join('\n\n');
    first = shorten(first, MAX_DESCRIPTION);
  }

  // Paragraphs apart by a blank line, the prose joined once: a fitted operation's shapes
  // (the pod spec's fields, 61 KB, in 28 Kubernetes files) are copied into it once.
  const pieces = [first];
  const paragraph = (text: string) => pieces.push('\n\n', text);
  if (rest !== '') paragraph(rest);
  const returns = returnsSentence(plan, ctx, types);
  if (returns) paragraph(returns);
  const notes = notesOf(plan, types, declared);
  if (notes) paragraph(notes);
  if (fitted && fitted.objects.length > 0) {
    const lines = objectsSection(fitted);
    paragraph(lines[0]);
    for (let i = 1; i < lines.length; i++) pieces.push('\n', lines[i]);
  }
  if (!declared) paragraph(callSection(plan, types, bodyShapes));
  pieces.push('\n');
  return { prose: pieces.join(''), description: first };
}

/**
 * Why a summary tells a model less than the description's lead does, or undefined: it only
 * repeats the operationId in words, or `description-quality` would flag it (only method
 * and path words, under three words) and the lead would pass.
 */
function weakSummary(plan: OperationPlan, lead: string): string | undefined {
  const summary = plan.summary!;
  if (plan.operationId !== undefined && words(summary).join(' ') === words(plan.operationId).join(' ')) return 'only repeats the operationId';
  const tool = { base: plan.operationId ?? '', method: plan.method, url: plan.url };
  const fault = descriptionFault(summary, tool);
  return fault !== undefined && descriptionFault(lead, tool) === undefined ? fault.replace("the tool's name", 'the operationId') : undefined;
}

/** A description's lead, in characters, when it stands in for a summary: a sentence or a few, not a page. */
export const LEAD_SENTENCES = 300;

/**
 * A paragraph cut to its first sentences, at most `max` characters, and what follows them
 * (nothing is lost: the rest stays in the prose). A sentence ends at `.`, `!` or `?` before
 * a space and something that is not a lower-case letter (so `e.g. this` goes on). A first
 * sentence longer than `max` is cut at a word, with an ellipsis, and the whole paragraph
 * follows.
 */
export function leadSentences(paragraph: string, max = LEAD_SENTENCES): { lead: string; rest: string } {
  if (paragraph.length <= max) return { lead: paragraph, rest: '' };
  let cut = -1;
  for (const m of paragraph.matchAll(/[.!?]["')\]]*(?=\s+[^\sa-z])/g)) {
    const end = m.index! + m[0].length;
    if (end > max) break;
    cut = end;
  }
  if (cut > 0) return { lead: paragraph.slice(0, cut), rest: paragraph.slice(cut).trim() };
  return { lead: shorten(paragraph, max), rest: paragraph };
}

/** Objects fitting replaced in the tool's parameters (fit.ts), to be written out in the prose. */
export interface FittedObjects {
  objects: readonly ReplacedObject[];
  /** Writes the objects' shapes (one for the whole conversion, so a shape is written once). */
  shapes: ShapeWriter;
}

/** How much of an operation's prose one replaced object's shape may take, and all of them together. */
export const SHAPE_BUDGET = 96 * 1024;
const SHAPES_BUDGET = 128 * 1024;

/**
 * The full shape of each object fitting replaced by `{"type":"object"}`, so a
 * model can still build it: its fields, nested, with types, required flags and first
 * sentences.
 */
/** The "Objects in full" section, its lines. */
function objectsSection(fitted: FittedObjects): string[] {
  const out = [
    '## Objects in full',
    '',
    `To keep the tool within the ${groupDigits(MAX_PARAMETERS_BYTES)}-byte limit, its parameters give ${fitted.objects.length === 1 ? 'this object' : 'these objects'} only as \`{"type": "object"}\`; ${fitted.objects.length === 1 ? 'its' : 'their'} fields are:`,
  ];
  let left = SHAPES_BUDGET;
  for (const o of fitted.objects) {
    out.push('', `${codeSpan(o.path)}:`, '');
    let shape = fitted.shapes.fields(o.node, o.active) || '- (no fields are described)';
    if (shape.length > left) {
      const cut = shape.lastIndexOf('\n', left);
      shape = `${cut > 0 ? `${shape.slice(0, cut)}\n` : ''}${TRUNCATED}`;
    }
    left = Math.max(0, left - shape.length);
    out.push(shape);
  }
  return out;
}

/** What the operation returns on success: the status, and the response type's name or shape. */
function returnsSentence(plan: OperationPlan, ctx: ConvertContext, types: TypeRegistry): string | undefined {
  const responses = own(plan.operation, 'responses');
  if (!isPlainObject(responses)) return undefined;
  const codes = Object.keys(responses);
  const status = codes.filter((c) => /^2\d\d$/.test(c)).sort()[0] ?? codes.find((c) => /^2xx$/i.test(c)) ?? (codes.includes('default') ? 'default' : undefined);
  if (status === undefined) return undefined;
  const base = joinPointer(joinPointer(plan.pointer, 'responses'), status);
  const resolved = ctx.resolve(responses[status], base);
  if (!resolved) return undefined;
  const r = resolved.node;
  const label = status === 'default' ? 'On success it returns' : `Returns ${codeSpan(status)}`;
  let schema: unknown;
  let mediaType: string | undefined;
  if (ctx.dialect.swagger) {
    schema = own(r, 'schema');
  } else {
    const content = own(r, 'content');
    if (isPlainObject(content)) {
      const types = Object.keys(content);
      mediaType = types.find(isJsonMediaType) ?? types[0];
      if (mediaType !== undefined) schema = own(content[mediaType], 'schema');
    }
  }
  if (schema === undefined) return mediaType !== undefined ? `${label} with ${codeSpan(mediaType)}.` : `${label} with no content.`;
  const shape = describeRawSchema(schema, ctx, types, base);
  if (mediaType !== undefined && !isJsonMediaType(mediaType)) return `${label} with ${codeSpan(mediaType)}${shape === 'any value' ? '' : `: ${shape}`}.`;
  return `${label} with ${shape}.`;
}

/**
 * A phrase for a spec schema as it stands in the document (responses are not converted). A
 * referenced type is named only when it is in types.json; any other is described by what
 * it is (no prose names a type that is not in the skill).
 */
export function describeRawSchema(schema: unknown, ctx: ConvertContext, types: TypeRegistry, pointer: string, depth = 0): string {
  if (!isPlainObject(schema) || depth > 3) return 'any value';
  const ref = own(schema, '$ref');
  if (typeof ref === 'string') {
    const name = ref.startsWith('#') ? types.sharedName(ref.slice(1)) : undefined;
    if (name !== undefined) return codeSpan(name);
    const target = ctx.resolve(schema, pointer);
    if (!target) return 'any value';
    // A referenced schema is described once for each depth: many operations return the same
    // one (Box: 296 operations, a few dozen types). What it is depends only on its place,
    // the depth and the types (decided before any prose), and describing it again would warn
    // only what `warn` already said once.
    const memo = describedOf(types);
    const key = `${depth + 1}\u0000${target.pointer}`;
    let described = memo.get(key);
    if (described === undefined) memo.set(key, (described = describeRawSchema(target.node, ctx, types, target.pointer, depth + 1)));
    return described;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'array') {
    const items = describeRawSchema(schema.items, ctx, types, joinPointer(pointer, 'items'), depth + 1);
    const m = /^an? (JSON object|string|integer|number|boolean|object)\b(.*)$/.exec(items);
    return `a list of ${m ? `${m[1]}s${m[2]}` : items}`;
  }
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = own(schema, k);
    if (Array.isArray(parts) && parts.length > 0 && parts.length <= 6) {
      const named = parts.map((p, i) => describeRawSchema(p, ctx, types, joinPointer(joinPointer(pointer, k), i), depth + 1));
      if (k === 'allOf' && parts.length === 1) return named[0];
      if (k !== 'allOf') return `one of ${named.join(', ')}`;
    }
  }
  const props = own(schema, 'properties');
  // The fields of an `allOf`'s parts are the object's fields.
  const merged = Array.isArray(own(schema, 'allOf')) ? allOfFieldNames(schema, ctx, pointer) : [];
  if (type === 'object' || isPlainObject(props) || merged.length > 0) {
    const names = [...(isPlainObject(props) ? Object.keys(props) : []), ...merged.filter((n) => !(isPlainObject(props) && Object.hasOwn(props, n)))];
    if (names.length === 0) return 'a JSON object';
    const shown = names.slice(0, 6).map(codeSpan).join(', ');
    return `a JSON object with ${shown}${names.length > 6 ? ' and more' : ''}`;
  }
  if (typeof type === 'string') {
    const format = typeof schema.format === 'string' ? ` (${fold(schema.format).slice(0, 40)})` : '';
    return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}${format}`.replace(/[`<]/g, '');
  }
  return 'any value';
}

const described = new WeakMap<TypeRegistry, Map<string, string>>();

/** What `describeRawSchema` said of each referenced schema, by depth and place, for one conversion's decided types. */
function describedOf(types: TypeRegistry): Map<string, string> {
  let memo = described.get(types);
  if (!memo) described.set(types, (memo = new Map()));
  return memo;
}

/** The field names an `allOf`'s parts give, references followed, in order. */
function allOfFieldNames(schema: Record<string, unknown>, ctx: ConvertContext, pointer: string, depth = 0): string[] {
  const out: string[] = [];
  const parts = own(schema, 'allOf');
  if (!Array.isArray(parts) || depth > 3) return out;
  parts.forEach((part, i) => {
    const resolved = ctx.resolve(part, joinPointer(joinPointer(pointer, 'allOf'), i));
    if (!resolved || !isPlainObject(resolved.node)) return;
    const props = own(resolved.node, 'properties');
    const names = [...(isPlainObject(props) ? Object.keys(props) : []), ...allOfFieldNames(resolved.node, ctx, resolved.pointer, depth + 1)];
    for (const n of names) if (!out.includes(n)) out.push(n);
  });
  return out;
}

const PAGING = /^(page|page_?num(ber)?|page_?token|next_?page_?token|next_?token|cursor|starting_after|ending_before|after|before|offset|marker|continue|continuation_?token|next|since_id|max_id|page\[[a-z_]+\])$/i;
const PAGE_SIZE = /^(limit|per_?page|page_?size|max_?results|count|top|page\[size\])$/i;

function notesOf(plan: OperationPlan, types: TypeRegistry, declared: boolean): string | undefined {
  const notes: string[] = [];
  const listParams = (title: string, list: ParameterInfo[]) => {
    notes.push(`${title}\n${list.map((p) => `- ${codeSpan(p.name)}${p.required ? ' (required)' : ''}${fieldDescription(p.description ?? schemaDescription(p.schema, types))}`).join('\n')}`);
  };
  // A prose-only file lists its headers and cookies in the call section.
  if (declared && plan.headers.length > 0) listParams('It also reads these headers, which are not arguments (the gateway owns headers):', plan.headers);
  if (declared && plan.cookies.length > 0) listParams('It also reads these cookies, which are not arguments:', plan.cookies);
  if (declared && plan.body.kind === 'fields' && plan.body.extra !== undefined) {
    // A free-form body: the schema's root `additionalProperties` says it; the prose says it in words.
    const what = plan.body.extra === true ? '' : `, each ${extraShape(plan.body.extra, types)}`;
    notes.push(`The request body is a JSON object with no named fields: every argument not named as a path or query parameter is sent as one of its fields${what}.${fieldDescription(plan.body.description).replace(/^: /, ' ')}`);
  }
  if (plan.leftOut.length > 0 && plan.reasons.length === 0) {
    notes.push(
      `Not available as arguments:\n${plan.leftOut.map((l) => `- ${l.in === 'body' && l.name === 'body' ? 'the request body' : `${codeSpan(l.name)} (${l.in})`}: ${l.why}.`).join('\n')}`,
    );
  }
  const names = plan.query.map((q) => q.param.name);
  const paging = names.filter((n) => PAGING.test(n));
  if (paging.length > 0) {
    const size = names.filter((n) => PAGE_SIZE.test(n));
    notes.push(`Results come in pages: ${paging.map(codeSpan).join(', ')} picks the page${size.length > 0 ? ` and ${size.map(codeSpan).join(', ')} its size` : ''}.`);
  }
  return notes.length > 0 ? notes.join('\n\n') : undefined;
}

function fieldDescription(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return '';
  return `: ${inlineText(text, FIELD_DESCRIPTION)}`;
}

function schemaDescription(schema: Converted, types: TypeRegistry): string | undefined {
  if (schema instanceof TypeRef) {
    if (typeof schema.siblings?.description === 'string') return schema.siblings.description;
    const body = types.resolveBody(schema);
    return isPlainObject(body) && typeof body.description === 'string' ? body.description : undefined;
  }
  return isPlainObject(schema) && typeof schema.description === 'string' ? schema.description : undefined;
}

/**
 * The hand-readable call section of a prose-only file (SPEC 4.3), generated from the
 * OpenAPI operation: why there is no declaration, the request line, each path and query
 * parameter, header and cookie, and the body's content type with its fields or shape.
 * Written by the one writer of "The call" (`writeCallSection`).
 */
/** How many characters a prose-only body's shape may take: as much as a tool's parameters may. */
export const BODY_SHAPE_BUDGET = MAX_PARAMETERS_BYTES;

function callSection(plan: OperationPlan, types: TypeRegistry, bodyShapes?: ShapeWriter): string {
  const item = (name: string, schema: Converted, required: boolean, note?: string, description?: string): CallItem => ({
    name,
    type: describeSchema(schema, types),
    required,
    ...(note ? { note } : {}),
    ...optional('description', description ?? schemaDescription(schema, types)),
  });
  const body = plan.body;
  // A body whose fields nest is written out once, in full, in place of its flat list.
  const full = body.kind === 'other' && body.schema !== undefined && bodyShapes ? bodyShape(body.schema, body.fields !== undefined, bodyShapes) : undefined;
  const nested = full !== undefined && body.kind === 'other' && body.fields !== undefined ? full : undefined;
  const section = writeCallSection({
    undeclaredBecause: plan.reasons.join('; '),
    method: plan.method,
    url: plan.url,
    path: plan.arguments.filter((a) => a.place === 'path').map((a) => item(a.name, a.schema, true)),
    query: plan.query.map((q) => item(q.param.name, q.param.schema, q.param.required, q.note, q.param.description)),
    headers: plan.headers.map((h) => item(h.name, h.schema, h.required, undefined, h.description)),
    cookies: plan.cookies.map((c) => item(c.name, c.schema, c.required, undefined, c.description)),
    body:
      body.kind === 'none'
        ? { kind: 'none' }
        : body.kind === 'whole'
          ? { kind: 'media', mediaType: body.mediaType, shape: describeSchema(body.schema, types), ...optional('description', body.description) }
        : {
            kind: 'media',
            mediaType: body.mediaType,
            ...(nested !== undefined ? { nested } : body.fields ? { fields: body.fields.map((f: BodyField) => item(f.name, f.schema, f.required)) } : {}),
            // Described now that types.json is known, so only a type in it is named.
            ...(body.kind === 'other' && body.shape ? { shape: body.schema !== undefined ? describeSchema(body.schema, types) : body.shape } : {}),
            ...(body.kind === 'fields' && body.empty ? { shape: 'the empty JSON object, `{}`' } : {}),
            ...(body.kind === 'fields' && body.extra !== undefined ? { shape: `a JSON object with any fields${body.extra === true ? '' : `, each ${extraShape(body.extra, types)}`}` } : {}),
            ...optional('description', body.description),
          },
  }).replace(/\n$/, '');
  return full !== undefined && nested === undefined ? `${section}\n\nThe body in full (its shape, with their types and whether each is required):\n\n${full}` : section;
}

/**
 * A prose-only body's schema written out: its fields, nested, with their types
 * and whether each is required, every reference expanded and no type named, so a model can
 * build it by hand. Only where a flat list of fields would not say it all: a body that is
 * not an object of fields (a list, one of several shapes), or one with a field that nests
 * (then it stands in for the flat list).
 */
function bodyShape(schema: Converted, listed: boolean, shapes: ShapeWriter): string | undefined {
  const text = shapes.fields(schema);
  // Fields nested below the call section's list, or a body that is not an object of fields but holds some.
  if (!(listed ? /^ {2,}- /m : /^ *- /m).test(text)) return undefined;
  return text;
}

/** What each field of a free-form body is, by its shape rather than a type name (the type may be written inline, not in types.json). */
function extraShape(extra: Converted, types: TypeRegistry): string {
  return describeSchema(extra instanceof TypeRef ? (types.resolveBody(extra) ?? extra) : extra, types);
}

function optional<K extends string>(key: K, text: string | undefined): Partial<Record<K, string>> {
  return text === undefined || text.trim() === '' ? {} : ({ [key]: text } as Record<K, string>);
}
