import type { Problem } from '../../core/problem';
import type { Kind } from '../context';
import type { FileLocator } from '../locate';
import type { ParseOptions, ParsedFile } from '../parse-file';

/** Where a part of the resolved document came from: a file and a pointer in it. */
export interface Origin {
  file: string;
  tokens: string[];
}

export interface ResolveInput {
  entry: ParsedFile;
  swagger2: boolean;
  openapi31: boolean;
  /** Every uploaded file's text, by path. Nothing else is ever read. */
  texts: ReadonlyMap<string, string>;
  parseOptions: ParseOptions;
  maxDepth?: number;
  maxNodes?: number;
  /** Write a copy even where the entry's own tree is the document (DocumentWriter.runInPlace); tests compare the two. */
  copy?: boolean;
}

export interface ResolvedSpec {
  document: unknown;
  problems: Problem[];
  /** Every file parsed on the way (the entry and each referenced file). */
  files: Map<string, ParsedFile>;
  /** Objects of the document whose source is not where their parent's would put it. */
  origins: Map<object, Origin>;
  locator(file: string): FileLocator;
  /**
   * When the entry's own tree is the document (`DocumentWriter.runInPlace`): the reference
   * objects `refKindProblems` reports (to the wrong kind of object), found by the walk that
   * decided it, so that check need not walk the whole document again. Undefined when the
   * document was written.
   */
  refSites?: RefSite[];
}

/** A reference object of the document that `refKindProblems` reports (lib/openapi/ref-kinds.ts). */
export interface RefSite {
  /** Its `$ref`, as the document holds it. */
  ref: string;
  /** The kind of object its place holds (context.ts). */
  kind: Kind;
  /** The keys from the document's root to it. */
  tokens: string[];
  /** The position of each of those keys among its object's keys (or its array's items): the walk's order. */
  order: number[];
}
