import type { Severity } from '../../core/problem';
import type { SchemaCheck, TargetRules } from '../model';
import type { NodePlace, SchemaNode } from '../schema-walk';

/** One thing about one schema node that a target refuses or ignores. */
export interface Finding {
  pointer: string;
  message: string;
  severity: Severity;
}

/** What a fix did: the node as the target takes it, and a sentence for each piece of meaning lost. */
export interface Fixed {
  node: SchemaNode;
  lost: string[];
}

/**
 * A check on schema nodes and its fix, one per kind of `SchemaCheck`: the compatibility
 * report runs `find`, the adapter runs `fix` until `find` has nothing left, so the two
 * cannot disagree about what a target takes. `fixable: false` where no rewrite keeps the
 * tool callable (renaming a parameter would break every call).
 */
export interface NodeRule<C extends SchemaCheck = SchemaCheck> {
  ruleId: string;
  fixable: boolean;
  find(node: SchemaNode, check: C, place: NodePlace, target: TargetRules): Finding[];
  fix(node: SchemaNode, check: C, place: NodePlace, target: TargetRules): Fixed;
}

/** The data path a check was read from (`gemini.schema.unsupported_keywords`), for a message. */
export function cite(source: string): string {
  return `[${source.split(': ')[0]}]`;
}

/** Whether a target takes a keyword: no check refuses it, and a closed list (Gemini's) names it. */
export function accepts(target: TargetRules, keyword: string): boolean {
  for (const c of target.schema) {
    if (c.kind === 'keyword' && c.effect === 'rejected' && c.keywords.includes(keyword)) return false;
    if (c.kind === 'closed-keywords' && !c.allowed.has(keyword)) return false;
  }
  return true;
}

/** Keywords that only annotate: moving one into the description loses nothing a validator checked. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'format', 'contentMediaType', 'contentEncoding', '$schema']);

export function where(pointer: string): string {
  return pointer === '' ? 'the root' : pointer;
}
