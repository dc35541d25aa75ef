/**
 * The converter's document model: the OpenAPI objects it reads, named and keyed as
 * `openapi-types` defines them for Swagger 2.0, OpenAPI 3.0 and 3.1, but loose.
 *
 * A spec that fails validation is converted too (SPEC 4.7: its problems are reported beside
 * the skill), so no field can be trusted to have the type the specification gives it: an
 * `operationId` may be a number, `parameters` an object. `Loose<T>` therefore keeps the
 * names of T's fields (a misspelt field, or one T does not have, does not compile) and
 * types every value `unknown`, so the compiler asks for the runtime guard each read needs
 * (`typeof op.operationId === 'string'`). `x-` extensions are allowed on every object.
 * The shapes the converter writes (JSON Schema 2020-12, SPEC 2) are `Json` (`context.ts`).
 */
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { isPlainObject } from '../core/entries';

/** The named keys of T, without its index signatures (Swagger 2.0's objects have `[index: string]: any`). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: unknown };

/** Every named key of every member of a union (`keyof` of a union gives only the shared ones). */
type AllKeys<T> = T extends unknown ? NamedKeys<T> : never;

/** T's fields by name (an enum key, like `HttpMethods.GET`, by its string), each of unknown type until a guard reads it; plus `x-` extensions. */
export type Loose<T> = { readonly [K in AllKeys<T> & string as `${K}`]?: unknown } & { readonly [extension: `x-${string}`]: unknown };

/** `value` as the object the place expects when it is a plain object (every plain object is a `Loose` one), else undefined. */
export function asObject<T extends Loose<object>>(value: unknown): T | undefined {
  return isPlainObject(value) ? (value as T) : undefined;
}

/** The root object: `swagger: "2.0"` or `openapi: 3.x`. */
export type SpecDocument = Loose<OpenAPIV2.Document | OpenAPIV3.Document | OpenAPIV3_1.Document>;

export type InfoObject = Loose<OpenAPIV2.InfoObject | OpenAPIV3.InfoObject | OpenAPIV3_1.InfoObject>;

export type PathItemObject = Loose<OpenAPIV2.PathItemObject | OpenAPIV3.PathItemObject | OpenAPIV3_1.PathItemObject>;

export type OperationObject = Loose<OpenAPIV2.OperationObject | OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject>;

/** A 3.x Parameter Object, or a Swagger 2.0 one (whose non-body kinds carry their schema's keywords themselves). */
export type ParameterObject = Loose<OpenAPIV2.InBodyParameterObject | OpenAPIV2.GeneralParameterObject | OpenAPIV3.ParameterObject | OpenAPIV3_1.ParameterObject>;

export type RequestBodyObject = Loose<OpenAPIV3.RequestBodyObject | OpenAPIV3_1.RequestBodyObject>;

export type MediaTypeObject = Loose<OpenAPIV3.MediaTypeObject | OpenAPIV3_1.MediaTypeObject>;

export type ServerObject = Loose<OpenAPIV3.ServerObject | OpenAPIV3_1.ServerObject>;

export type ServerVariableObject = Loose<OpenAPIV3.ServerVariableObject | OpenAPIV3_1.ServerVariableObject>;

export type SecuritySchemeObject = Loose<OpenAPIV2.SecuritySchemeObject | OpenAPIV3.SecuritySchemeObject | OpenAPIV3_1.SecuritySchemeObject>;

/**
 * JSON Schema 2020-12 keywords an OpenAPI 3.1 schema may use that `openapi-types` does not
 * list, and Swagger's `x-nullable`; only their names matter here.
 */
interface JsonSchema2020Keywords {
  $id: unknown;
  $anchor: unknown;
  $defs: unknown;
  $comment: unknown;
  prefixItems: unknown;
  additionalItems: unknown;
  contains: unknown;
  maxContains: unknown;
  minContains: unknown;
  propertyNames: unknown;
  patternProperties: unknown;
  dependentSchemas: unknown;
  dependentRequired: unknown;
  if: unknown;
  then: unknown;
  else: unknown;
  unevaluatedItems: unknown;
  unevaluatedProperties: unknown;
  contentEncoding: unknown;
  contentSchema: unknown;
}

/** A Schema Object of any of the three versions, or a JSON Schema 2020-12 schema (3.1). */
export type SchemaObject = Loose<OpenAPIV2.SchemaObject | OpenAPIV3.SchemaObject | OpenAPIV3_1.SchemaObject | JsonSchema2020Keywords>;

/** A Reference Object, wherever one may stand. */
export type ReferenceObject = Loose<OpenAPIV2.ReferenceObject | OpenAPIV3.ReferenceObject | OpenAPIV3_1.ReferenceObject>;
