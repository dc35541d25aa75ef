import { fragmentTokens, tokensToPointer } from '../../core/json-pointer';
import type { SchemaCheck } from '../model';
import { describeKeywords, type NodePlace, type SchemaNode } from '../schema-walk';
import { cite, where, type NodeRule } from './rule';

type RefCheck = Extract<SchemaCheck, { kind: 'external-ref' | 'recursive-ref' }>;

/** A reference inside the document (`#`, `#/a/b`) as the pointer it names. */
function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  const tokens = fragmentTokens(ref.slice(1));
  return tokens ? tokensToPointer(tokens) : undefined;
}

function breaks(node: SchemaNode, check: RefCheck, place: NodePlace): boolean {
  const ref = node.$ref;
  if (typeof ref !== 'string') return false;
  if (check.kind === 'external-ref') return !ref.startsWith('#');
  const target = refPointer(ref);
  return target !== undefined && (target === place.pointer || place.ancestorPointers.includes(target));
}

/**
 * `$ref`s a target refuses: to another document, or back to an enclosing schema. A
 * published tool has none (SPEC 2 expands every reference); a hand-made list may.
 */
export const refRule: NodeRule<RefCheck> = {
  ruleId: 'target-ref',
  fixable: true,
  find(node, check, place, target) {
    if (!breaks(node, check, place)) return [];
    const what = check.kind === 'external-ref' ? 'a `$ref` to another document' : 'a recursive `$ref`';
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} refuses ${what} (${JSON.stringify(node.$ref)} at ${where(place.pointer)}) ${cite(check.source)}` }];
  },
  fix(node, _check, place, target) {
    return { node: describeKeywords(node, ['$ref']), lost: [`\`$ref\` at ${where(place.pointer)} moved into the description (${target.id} refuses it): what it referred to is no longer described`] };
  },
};
