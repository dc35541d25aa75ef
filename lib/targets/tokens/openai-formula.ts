import { isPlainObject } from '../../core/entries';
import type { FunctionConstants } from '../data/schema';
import type { SchemaNode } from '../schema-walk';

export interface FormulaCount {
  tokens: number;
  /** false where the tool has what the formula does not describe (nested objects, type lists, no type): those parts are counted by the same rule, an estimate. */
  exact: boolean;
}

/** The cookbook drops one trailing period from each description. */
function trimPeriod(s: string): string {
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

/**
 * One function's tokens by the OpenAI cookbook's formula (How_to_count_tokens_with_tiktoken,
 * section 7; constants from the data file): `func_init`, the tokens of `name:description`,
 * then for the parameters' properties `prop_init` and, per property, `prop_key`, its enum
 * (`enum_init`, then `enum_item` plus the tokens of each value) and the tokens of
 * `key:type:description`. The formula stops at the top level; nested objects' properties
 * (and an array's item properties) are counted here by the same rule, and the count says it
 * is then not exact. `func_end` is the list's, once: the meter adds it.
 */
export function functionTokens(tool: { name: string; description: string; parameters: SchemaNode }, c: FunctionConstants, count: (text: string) => number): FormulaCount {
  const state = { exact: true };
  let tokens = c.func_init + count(`${tool.name}:${trimPeriod(tool.description)}`);
  tokens += propertiesTokens(tool.parameters, c, count, state);
  return { tokens, exact: state.exact };
}

function propertiesTokens(node: SchemaNode, c: FunctionConstants, count: (text: string) => number, state: { exact: boolean }): number {
  const props = node.properties;
  if (!isPlainObject(props) || Object.keys(props).length === 0) return 0;
  let tokens = c.prop_init;
  for (const key of Object.keys(props)) {
    const p = isPlainObject(props[key]) ? (props[key] as SchemaNode) : {};
    tokens += c.prop_key;
    if (Array.isArray(p.enum)) {
      tokens += c.enum_init;
      for (const item of p.enum) tokens += c.enum_item + count(typeof item === 'string' ? item : JSON.stringify(item));
    }
    if (typeof p.type !== 'string') state.exact = false;
    const description = typeof p.description === 'string' ? p.description : '';
    tokens += count(`${key}:${typeText(p)}:${trimPeriod(description)}`);
    for (const inner of nested(p)) {
      state.exact = false;
      tokens += propertiesTokens(inner, c, count, state);
    }
  }
  return tokens;
}

/** `type` as the formula's line writes it; a list as `string | null`, none from `anyOf`'s members. */
function typeText(p: SchemaNode): string {
  if (typeof p.type === 'string') return p.type;
  if (Array.isArray(p.type)) return p.type.join(' | ');
  const alternatives = (Array.isArray(p.anyOf) ? p.anyOf : Array.isArray(p.oneOf) ? p.oneOf : []).filter(isPlainObject) as SchemaNode[];
  if (alternatives.length > 0) return alternatives.map(typeText).join(' | ');
  if (isPlainObject(p.properties)) return 'object';
  if (p.items !== undefined) return 'array';
  return '';
}

/** The object schemas inside a property whose properties the formula does not reach: its own, its items', its alternatives'. */
function nested(p: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  const visit = (s: unknown, depth: number) => {
    if (!isPlainObject(s) || depth > 3) return;
    if (isPlainObject(s.properties)) out.push(s);
    if (isPlainObject(s.items)) visit(s.items, depth + 1);
    for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[k])) for (const alt of s[k] as unknown[]) visit(alt, depth + 1);
  };
  if (isPlainObject(p.properties)) out.push(p);
  if (isPlainObject(p.items)) visit(p.items, 1);
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(p[k])) for (const alt of p[k] as unknown[]) visit(alt, 1);
  return out;
}
