import type { Problem } from '../core/problem';
import type { SpecFormat } from './version';
import type { RefSite } from './resolve/types';

export type { SpecFormat };

/** One uploaded file: `path` relative to the upload root, '/'-separated, no leading '/'. */
export interface UploadedFile {
  path: string;
  text: string;
}

/** Where a JSON pointer of the resolved document comes from. */
export interface SourceLocation {
  /** The uploaded file. */
  file: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** JSON pointer into `file`'s data. */
  pointer: string;
}

export interface LoadedSpec {
  /** Path of the entry file. */
  entry: string;
  format: SpecFormat;
  /** The entry file's text, as uploaded (for sha256 provenance). */
  entryText: string;
  /**
   * The resolved document: a plain tree (no object appears twice) in which every `$ref` that
   * could be resolved is internal (`#/…`). External files' content is inlined, or put in its
   * components section when it is a schema, parameter, response, request body, header,
   * example, link or callback. References that could not be resolved, or that were refused,
   * are left as they are and reported. A `$ref` inside data (`example`, `default`, `enum`,
   * `const`, an Example's `value`, a schema's `examples` list, any `x-` extension) is data:
   * it is kept as written and never resolved or read.
   */
  document: Record<string, unknown>;
  /** The uploaded files that went into `document`: the entry first, then in the order they were read. */
  sources: string[];
  /** Map a JSON pointer in `document` (`/paths/~1pets/get` or `#/paths/~1pets/get`) to its source. */
  locate(pointer: string): SourceLocation;
  /** The reference objects resolving found, when the entry's own tree is the document (`ResolvedSpec.refSites`): validation judges them without walking `document` again. */
  refSites?: readonly RefSite[];
}

export interface LoadOptions {
  /** The entry file's path; found with `findEntry` when absent. */
  entry?: string;
  /** YAML aliases allowed per file (default `LIMITS.maxAliases`, 100). */
  maxAliases?: number;
  /** Validate against the OpenAPI/Swagger schema (default true). About 0.2-0.3 s on a 4 MB spec. */
  validate?: boolean;
  /**
   * A limit the caller holds the spec to, checked on the entry's parsed document before
   * anything is resolved or validated (SPEC 6: what is beyond a limit is refused early). A
   * problem it returns refuses the spec at once; undefined lets loading go on.
   */
  refuse?: (document: Record<string, unknown>, entry: string) => Problem | undefined;
}
