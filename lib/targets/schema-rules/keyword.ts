import { isPlainObject, setOwn } from '../../core/entries';
import type { SchemaCheck } from '../model';
import { describeKeywords, withoutKeys, type SchemaNode } from '../schema-walk';
import { accepts, ANNOTATION_KEYWORDS, cite, where, type Finding, type Fixed, type NodeRule } from './rule';

type KeywordCheck = Extract<SchemaCheck, { kind: 'keyword' }>;
type AboveCheck = Extract<SchemaCheck, { kind: 'keyword-above' }>;

/**
 * A keyword the target refuses (`oneOf` for Gemini, `allOf` in OpenAI strict mode) or
 * ignores (Gemini's `default`). The fix keeps the meaning where the target has another way
 * to say it (`oneOf` as `anyOf`, a string `const` as a one-value `enum`, an `allOf` of
 * objects merged), and otherwise moves the keyword into the node's description, where the
 * model still reads it and nothing enforces it.
 */
export const keywordRule: NodeRule<KeywordCheck> = {
  ruleId: 'target-keyword',
  fixable: true,
  find(node, check, place, target) {
    const out: Finding[] = [];
    for (const k of check.keywords) {
      if (!Object.hasOwn(node, k)) continue;
      const how = check.effect === 'ignored' ? 'ignores' : 'refuses';
      out.push({ pointer: place.pointer, severity: check.effect === 'ignored' ? 'warning' : 'error', message: `${target.id} ${how} \`${k}\`${check.scope ? ` (${check.scope})` : ''} at ${where(place.pointer)} ${cite(check.source)}` });
    }
    return out;
  },
  fix(node, check, place, target) {
    let out = node;
    const lost: string[] = [];
    for (const k of check.keywords) {
      if (!Object.hasOwn(out, k)) continue;
      if (check.effect === 'ignored') {
        out = describeKeywords(out, [k]);
        continue;
      }
      const r = rewrite(out, k, place.pointer, target.id, (kw) => accepts(target, kw));
      out = r.node;
      lost.push(...r.lost);
    }
    return { node: out, lost };
  },
};

function rewrite(node: SchemaNode, k: string, pointer: string, targetId: string, takes: (keyword: string) => boolean): Fixed {
  const value = node[k];
  const moved = (): Fixed => ({
    node: describeKeywords(node, [k]),
    lost: ANNOTATION_KEYWORDS.has(k) ? [] : [`\`${k}\` at ${where(pointer)} moved into the description (${targetId} refuses it): it is no longer enforced`],
  });
  if (k === '$schema' || (k === 'additionalProperties' && value === true)) return { node: withoutKeys(node, [k]), lost: [] };
  if ((k === '$defs' || k === 'definitions') && isPlainObject(value)) {
    return { node: withoutKeys(node, [k]), lost: [`\`${k}\` at ${where(pointer)} dropped (${targetId} refuses it)`] };
  }
  if (k === 'oneOf' && Array.isArray(value) && node.anyOf === undefined && takes('anyOf')) {
    const out = withoutKeys(node, [k]);
    out.anyOf = value;
    return { node: out, lost: [`\`oneOf\` at ${where(pointer)} became \`anyOf\` (${targetId} refuses \`oneOf\`): a value matching more than one choice is no longer refused`] };
  }
  if (k === 'const' && typeof value === 'string' && node.enum === undefined && takes('enum')) {
    const out = withoutKeys(node, [k]);
    out.enum = [value];
    return { node: out, lost: [] };
  }
  if (k === 'allOf' && Array.isArray(value) && value.every(isPlainObject)) return mergeAllOf(node, value as SchemaNode[], pointer, targetId);
  return moved();
}

/**
 * `allOf` parts laid into the node: `properties` side by side, `required` united, other
 * keywords taken where the node does not have them already. What two parts say differently
 * cannot be said in one object: it goes into the description.
 */
function mergeAllOf(node: SchemaNode, parts: SchemaNode[], pointer: string, targetId: string): Fixed {
  const out = withoutKeys(node, ['allOf']);
  const conflicts: SchemaNode[] = [];
  for (const part of parts) {
    const rest: SchemaNode = {};
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isPlainObject(v) && (out.properties === undefined || isPlainObject(out.properties))) {
        const props: SchemaNode = { ...((out.properties as SchemaNode | undefined) ?? {}) };
        for (const [name, s] of Object.entries(v)) {
          if (!Object.hasOwn(props, name)) setOwn(props, name, s);
          else if (JSON.stringify(props[name]) !== JSON.stringify(s)) setOwn((rest.properties ??= {}) as SchemaNode, name, s);
        }
        out.properties = props;
      } else if (k === 'required' && Array.isArray(v) && (out.required === undefined || Array.isArray(out.required))) {
        const required = [...((out.required as string[] | undefined) ?? [])];
        for (const r of v) if (!required.includes(r)) required.push(r);
        out.required = required;
      } else if (k === 'description' && typeof out.description === 'string') {
        if (v !== out.description) rest[k] = v;
      } else if (!Object.hasOwn(out, k)) out[k] = v;
      else if (JSON.stringify(out[k]) !== JSON.stringify(v)) rest[k] = v;
    }
    if (Object.keys(rest).length > 0) conflicts.push(rest);
  }
  if (conflicts.length === 0) return { node: out, lost: [] };
  out.allOf = conflicts;
  return {
    node: describeKeywords(out, ['allOf']),
    lost: [`\`allOf\` at ${where(pointer)} merged into one schema (${targetId} refuses \`allOf\`); what its parts say differently moved into the description and is no longer enforced`],
  };
}

/** A bound the target takes only up to a value (Anthropic strict mode: `minItems` 0 or 1). */
export const keywordAboveRule: NodeRule<AboveCheck> = {
  ruleId: 'target-keyword',
  fixable: true,
  find(node, check, place, target) {
    const v = node[check.keyword];
    if (typeof v !== 'number' || v <= check.max) return [];
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} refuses \`${check.keyword}\` above ${check.max} (here ${v}) at ${where(place.pointer)} ${cite(check.source)}` }];
  },
  fix(node, check, place, target) {
    const v = node[check.keyword];
    const out = describeKeywords(node, [check.keyword]);
    out[check.keyword] = check.max;
    return { node: out, lost: [`\`${check.keyword}: ${v}\` at ${where(place.pointer)} lowered to ${check.max} (${target.id} takes no more) and moved into the description`] };
  },
};
