import { problem, type Problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { LIMITS } from '../limits';
import { tokensToPointer } from '../../core/json-pointer';
import { DocumentWriter, LimitError } from './document-writer';
import { IdIndex } from './id-index';
import { RefResolver } from './ref-resolver';
import type { ResolvedSpec, ResolveInput } from './types';
import { wrongKindOf } from '../ref-kinds';

/**
 * Resolve a spec's `$ref`s: the spec and the uploaded files it references become one plain
 * document whose every resolved `$ref` is internal (`#/…`), read only from `texts` (SPEC 4.1).
 *
 * `RefResolver` finds what each `$ref` points at (through `IdIndex`'s `$id`s and `$anchor`s in
 * OpenAPI 3.1), reading each referenced file once; `DocumentWriter` writes the document
 * breadth first, so each external object is placed at the shallowest spot that references it
 * and later references point there. External schemas, parameters, responses (and the other
 * component kinds) go to their components section, named from the referenced key or file, so
 * they stay shared types; operations, path items and everything else are inlined where they
 * are referenced. A `$ref` that cannot be resolved, or that points outside the upload, is
 * reported with its location and left as it is. The result is a tree: no object appears
 * twice, so editing one place edits one place. Where that copy would be the entry file's own
 * tree (a single file with local references only, the common case), the tree is the document
 * (`DocumentWriter.runInPlace`), with only the reference objects the copy writes otherwise,
 * and what is above them, copied; `copy` forces the copy.
 */
export function resolveSpec(input: ResolveInput): Result<ResolvedSpec> {
  const problems: Problem[] = [];
  const placed = new Map<object, string[]>();
  const ids = input.openapi31 ? new IdIndex(input.swagger2) : null;
  const resolver = new RefResolver(input.entry, input.texts, input.parseOptions, ids, placed, problems);
  const writer = new DocumentWriter(
    {
      entryRoot: input.entry.root,
      entryPath: input.entry.path,
      swagger2: input.swagger2,
      openapi31: input.openapi31,
      maxDepth: input.maxDepth ?? LIMITS.maxDepth,
      maxNodes: input.maxNodes ?? LIMITS.maxDocumentNodes,
      wrongKind: wrongKindOf(input.entry.root, input.swagger2),
    },
    resolver,
    placed,
    problems,
  );
  let inPlace = false;
  try {
    inPlace = !input.copy && writer.runInPlace(input.entry.shared === true);
    if (!inPlace) writer.run();
  } catch (e) {
    if (!(e instanceof LimitError)) throw e;
    const tokens = writer.srcTokensOf(e.frame);
    return fail([problem(e.ruleId, 'error', e.message, e.frame.file, { pointer: tokensToPointer(tokens) })]);
  }
  const files = resolver.files;
  const locator = (file: string) => resolver.locator(file);
  return ok({ document: writer.document, problems, files, origins: writer.origins, locator, ...(inPlace ? { refSites: writer.refSites } : {}) }, problems);
}
