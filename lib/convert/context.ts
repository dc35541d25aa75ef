import { problem, type Problem, type Severity } from '../core/problem';
import { isPlainObject } from '../core/entries';
import { pointerTokens } from '../core/json-pointer';
import type { SpecDocument } from './document';
import type { SpecInput, SpecLocation } from './model';

/** A JSON object the converter writes (a JSON Schema 2020-12 schema, SPEC 2); what it reads is typed in `document.ts`. */
export type Json = Record<string, unknown>;

/** The spec's dialect, which decides how schemas read (SPEC 4.4). */
export interface Dialect {
  swagger: boolean;
  /** OpenAPI 3.1.x: schemas are JSON Schema 2020-12 and pass through. */
  oas31: boolean;
}

/**
 * An own property of a parsed object, or undefined: input keys like `__proto__` or
 * `constructor` are never inherited values. On a typed object (`document.ts`) the key must
 * be one of its fields.
 */
export function own<T>(obj: T, key: unknown extends T ? string : keyof NonNullable<T> & string): unknown {
  return isPlainObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

function placedWarning(code: string, severity: Severity, message: string, pointer: string, at: SpecLocation): Problem {
  return problem(code, severity, message, at.file, { line: at.line, column: at.column, pointer: at.pointer ?? pointer });
}

/**
 * The conversion's shared state: the resolved document with a pointer cache, reference
 * resolution, and the warnings collected on the way, each located in the spec.
 */
export class ConvertContext {
  readonly doc: SpecDocument;
  readonly dialect: Dialect;
  readonly warnings: Problem[] = [];
  private readonly atCache = new Map<string, unknown>();
  private readonly warned = new Set<string>();

  constructor(readonly spec: SpecInput) {
    this.doc = isPlainObject(spec.document) ? spec.document : {};
    const version = spec.format.version;
    this.dialect = { swagger: spec.format.kind === 'swagger', oas31: spec.format.kind === 'openapi' && /^3\.[1-9]/.test(version) };
  }

  locate(pointer: string): SpecLocation {
    try {
      const at = this.spec.locate(pointer);
      return at ?? { file: this.spec.entry, pointer };
    } catch {
      return { file: this.spec.entry, pointer };
    }
  }

  /**
   * `locate`, found when first read: a plain `convert` prints the places of prose-only and
   * skipped operations, not of the declared ones (`--report` and the wizard read them all),
   * and finding a place scans the spec's text. The same keys, in the same order, as `locate`
   * gives (one it gives without a line has `line` and `column` undefined).
   */
  placeOf(pointer: string): SpecLocation {
    let at: SpecLocation | undefined;
    const found = () => (at ??= this.locate(pointer));
    return {
      get file() {
        return found().file;
      },
      get line() {
        return found().line;
      },
      get column() {
        return found().column;
      },
      get pointer() {
        return found().pointer;
      },
    };
  }

  /** A warning for the import report; the same code at the same pointer is reported once. */
  warn(code: string, message: string, pointer: string): void {
    this.note(code, 'warning', message, pointer);
  }

  /** An error for the import report: something the skill cannot be published without (it also fails a publish rule). */
  error(code: string, message: string, pointer: string): void {
    this.note(code, 'error', message, pointer);
  }

  private note(code: string, severity: Severity, message: string, pointer: string): void {
    const key = `${code}\u0000${pointer}\u0000${message}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push(placedWarning(code, severity, message, pointer, this.locate(pointer)));
  }

  /** The value at a JSON pointer (or `#/…` fragment) in the document, or undefined. */
  at(pointer: string): unknown {
    const key = pointer.startsWith('#') ? pointer.slice(1) : pointer;
    if (this.atCache.has(key)) return this.atCache.get(key);
    let node = this.walk(key);
    if (node === undefined && key.includes('%')) {
      // A URI fragment may percent-encode its tokens.
      try {
        node = this.walk(decodeURIComponent(key));
      } catch {
        node = undefined;
      }
    }
    this.atCache.set(key, node);
    return node;
  }

  private walk(key: string): unknown {
    // `#name` (an anchor) is not a pointer, and does not mean the whole document.
    if (key !== '' && key.charCodeAt(0) !== 0x2f) return undefined;
    let node: unknown = this.doc;
    for (const raw of pointerTokens(key)) {
      node = step(node, raw);
      if (node === undefined) return undefined;
    }
    return node;
  }

  /**
   * Follow `$ref` (a chain of them) from a node found at `pointer`. Returns the object
   * reached and its pointer, or undefined (with a warning) when a reference does not
   * resolve or loops. `T` is the object the place expects (`document.ts`); any plain
   * object is one, as every field of it is read through a guard.
   */
  resolve<T extends object = Json>(node: unknown, pointer: string): { node: T; pointer: string } | undefined {
    let current = node;
    let at = pointer;
    const seen = new Set<string>();
    for (let i = 0; i < 64; i++) {
      if (!isPlainObject(current)) return undefined;
      const ref = own(current, '$ref');
      if (typeof ref !== 'string') return { node: current as T, pointer: at };
      if (!ref.startsWith('#')) {
        this.warn('unresolved-ref', `The reference \`${ref}\` is not inside the uploaded spec; it is left out`, at);
        return undefined;
      }
      if (seen.has(ref)) {
        this.warn('unresolved-ref', `The reference \`${ref}\` loops back to itself`, at);
        return undefined;
      }
      seen.add(ref);
      const target = this.at(ref);
      if (target === undefined) {
        this.warn('unresolved-ref', `The reference \`${ref}\` points at nothing in the spec`, at);
        return undefined;
      }
      current = target;
      at = refPointer(ref);
    }
    return undefined;
  }
}

/** `#/components/schemas/Pet` to the pointer `/components/schemas/Pet`. */
export function refPointer(ref: string): string {
  return ref.startsWith('#') ? ref.slice(1) : ref;
}

function step(node: unknown, token: string): unknown {
  if (Array.isArray(node)) {
    if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
    return node[Number(token)];
  }
  if (isPlainObject(node) && Object.hasOwn(node, token)) return node[token];
  return undefined;
}
