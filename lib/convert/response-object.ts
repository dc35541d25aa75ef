import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { essenceOf, isJsonMediaType } from '../core/media-type';
import { isWildcardMediaType } from './request-body-object';
import { own, type ConvertContext } from './context';
import type { OperationObject } from './document';
import type { Converted } from './schema-object';
import type { TypeRegistry } from './type-registry';

/** What an operation answers on success (SPEC 8.1 `returns`, `status`), read from its responses. */
export interface ResponsePlan {
  /** The success status when it is not 200. */
  status?: number;
  /** The success response's body schema, converted for a response (references unresolved). */
  returns?: Converted;
  /** Where the schema of `returns` is in the spec. */
  pointer?: string;
}

/** Success statuses in the order SPEC 8.3 takes them: 200, 201, 202, then the other 2xx (204 aside), then `2XX`. */
function successOrder(codes: string[]): string[] {
  const exact = codes.filter((c) => /^2\d\d$/.test(c) && c !== '204');
  const first = ['200', '201', '202'].filter((c) => exact.includes(c));
  const rest = exact.filter((c) => !first.includes(c)).sort();
  return [...first, ...rest, ...codes.filter((c) => /^2xx$/i.test(c))];
}

/**
 * The Responses Object (SPEC 8.3): `returns` from the first 2xx response with a JSON body
 * (`200`, then `201`, `202`, the other 2xx, then `2XX`), converted as a response (`writeOnly`
 * properties leave, `readOnly` ones stay); `status` when it is not 200. With no JSON body
 * among them, the status is the lowest 2xx declared (a `204`-only operation gets `status:
 * 204`); a response whose JSON body has no schema gives a status and no `returns`, as
 * nothing is known of it.
 */
export function readResponses(ctx: ConvertContext, types: TypeRegistry, op: OperationObject, pointer: string): ResponsePlan {
  const responses = own(op, 'responses');
  if (!isPlainObject(responses)) return {};
  const codes = Object.keys(responses);
  const at = joinPointer(pointer, 'responses');
  const statusOf = (code: string): number | undefined => {
    const n = /^2\d\d$/.test(code) ? Number(code) : undefined;
    return n === undefined || n === 200 ? undefined : n;
  };
  for (const code of successOrder(codes)) {
    const resolved = ctx.resolve(responses[code], joinPointer(at, code));
    if (!resolved || !isPlainObject(resolved.node)) continue;
    const body = jsonBody(ctx, op, resolved.node, resolved.pointer);
    if (body === undefined) continue;
    const status = statusOf(code);
    if (body.schema === undefined) return status === undefined ? {} : { status };
    return { ...(status !== undefined ? { status } : {}), returns: types.convertResponse(body.schema, body.pointer), pointer: body.pointer };
  }
  const lowest = codes.filter((c) => /^2\d\d$/.test(c)).sort()[0];
  const status = lowest === undefined ? undefined : statusOf(lowest);
  return status === undefined ? {} : { status };
}

/** A response's JSON body: its schema (undefined when it has none) and where it is; undefined when the response has no JSON body. */
function jsonBody(ctx: ConvertContext, op: OperationObject, response: Record<string, unknown>, pointer: string): { schema: unknown; pointer: string } | undefined {
  if (ctx.dialect.swagger) {
    const schema = own(response, 'schema');
    if (schema === undefined) return undefined;
    const producesRaw = own(op, 'produces') ?? own(ctx.doc, 'produces');
    const produces = Array.isArray(producesRaw) ? producesRaw.filter((c): c is string => typeof c === 'string') : [];
    // Without `produces`, Swagger 2.0 bodies are JSON.
    if (produces.length > 0 && !produces.some((m) => isJsonMediaType(m) || isWildcardMediaType(m))) return undefined;
    return { schema, pointer: joinPointer(pointer, 'schema') };
  }
  const content = own(response, 'content');
  if (!isPlainObject(content)) return undefined;
  const mediaTypes = Object.keys(content);
  const json = mediaTypes.find((m) => essenceOf(m) === 'application/json') ?? mediaTypes.find(isJsonMediaType) ?? mediaTypes.find(isWildcardMediaType);
  if (json === undefined) return undefined;
  const media = content[json];
  const schema = isPlainObject(media) ? own(media, 'schema') : undefined;
  return { schema, pointer: joinPointer(joinPointer(joinPointer(pointer, 'content'), json), 'schema') };
}
