import { isPlainObject } from '../core/entries';
import type { Dialect, Json } from './context';

/**
 * A reference to a schema elsewhere in the document, kept as a node in a converted schema
 * until the shared-types pass (types.ts) decides whether it becomes `#/types/Name` or is
 * written inline (SPEC 1.5). `target` is the JSON pointer of the referenced schema.
 */
export class TypeRef {
  constructor(
    readonly target: string,
    /** Annotations written beside the `$ref` (a description, say), laid over the target. */
    readonly siblings?: Json,
  ) {}
  /** Only for size estimates and debugging. */
  toJSON(): Json {
    return { $ref: `#${this.target}`, ...this.siblings };
  }
}

/** A converted schema: a JSON Schema 2020-12 object or boolean, which may hold `TypeRef` nodes. */
export type Converted = Json | boolean | TypeRef;

/** What schema conversion needs from its surroundings. */
export interface SchemaHost {
  readonly dialect: Dialect;
  warn(code: string, message: string, pointer: string): void;
  /** The raw value at a `#/…` reference, for reading `readOnly` through a `$ref`. */
  at(ref: string): unknown;
  /** A reference node for `$ref`, or undefined (warned) when it does not resolve. */
  typeRef(ref: string, site: string, siblings?: Json): TypeRef | undefined;
  /** The converted schema a reference points at, or undefined while it is being converted (a cycle). */
  bodyOf(ref: TypeRef): Converted | undefined;
  /**
   * Which properties leave (SPEC 4.4, 8.3): a request drops `readOnly` ones, a response
   * (`returns`) drops `writeOnly` ones. Absent means a request.
   */
  readonly direction?: Direction;
  /** Told when a property is marked `readOnly` or `writeOnly`: the schema converts differently for the other direction. */
  sawDirectional?(): void;
}

/** A schema read for what is sent (`request`) or for what comes back (`response`). */
export type Direction = 'request' | 'response';

/**
 * A schema that only says which fields are required, perhaps as alternatives
 * (`anyOf: [{required: [a]}, {required: [b]}]`): it constrains an object's fields without
 * describing any, so it can sit beside merged properties (and beside an operation's
 * arguments).
 */
export function isConstraintOnly(s: unknown, depth = 0): boolean {
  if (!isPlainObject(s) || depth > 4) return false;
  let constrains = false;
  for (const k of Object.keys(s)) {
    const v = s[k];
    if (k === 'title' || k === 'description' || k === '$comment') continue;
    if (k === 'required' && Array.isArray(v)) constrains = true;
    else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf' || k === 'not') && (k === 'not' ? isConstraintOnly(v, depth + 1) : Array.isArray(v) && v.every((b) => isConstraintOnly(b, depth + 1)))) constrains = true;
    else return false;
  }
  return constrains;
}
