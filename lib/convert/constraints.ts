import { codeSpan } from '../skill/markdown';

/**
 * How many of an `enum`'s values a phrase lists; past this many, the first ones and how
 * many more there are. A shape has a budget (`SHAPE_BUDGET`), and a currency list of 170
 * values written in each of a dozen nested fields would spend it on one list and cut the
 * fields after it short: a field left out is worse than a list that ends "and 140 more".
 */
export const ENUM_SHOWN = 30;

/** `one of "a", "b"`: an enum's values as a phrase, the first `ENUM_SHOWN` of them. */
export function enumPhrase(values: readonly unknown[]): string {
  const shown = values.slice(0, ENUM_SHOWN).map((v) => codeSpan(JSON.stringify(v) ?? 'null'));
  return `one of ${shown.join(', ')}${values.length > ENUM_SHOWN ? ` and ${values.length - ENUM_SHOWN} more` : ''}`;
}

/** A keyword's value in a schema, whatever holds it (a converted schema, a shape's view). */
export type Keyword = (k: string) => unknown;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What a validator checks of a value beyond its type, in words: a number's bounds and
 * step, a string's length and pattern, a list's size and uniqueness, an object's number
 * of fields. Empty when the schema says none. JSON Schema 2020-12 keywords (the
 * converted schema's), and the 3.0 boolean `exclusiveMinimum` beside `minimum`, which a
 * schema not yet converted may hold.
 */
export function constraintWords(get: Keyword): { value: string[]; list: string[] } {
  const value: string[] = [];
  const list: string[] = [];
  // A keyword checks only values of its own type: `minimum` on a string checks nothing.
  const type = get('type');
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  const applies = (...kinds: string[]) => types.length === 0 || kinds.some((k) => types.includes(k));
  if (applies('number', 'integer')) numberWords(get, value);
  if (applies('string')) {
    const length = range(get('minLength'), get('maxLength'), 'character');
    if (length) value.push(`${length} long`);
    const pattern = get('pattern');
    if (typeof pattern === 'string') value.push(`matching ${codeSpan(pattern)}`);
  }
  if (applies('object')) {
    const fields = range(get('minProperties'), get('maxProperties'), 'field');
    if (fields) value.push(`with ${fields}`);
  }
  if (applies('array')) {
    const items = range(get('minItems'), get('maxItems'), 'item');
    if (items) list.push(items);
    if (get('uniqueItems') === true) list.push('no two the same');
  }
  return { value, list };
}

/** A number's bounds and step. */
function numberWords(get: Keyword, value: string[]): void {
  let lo: string | undefined;
  let hi: string | undefined;
  const min = get('minimum');
  const max = get('maximum');
  const exMin = get('exclusiveMinimum');
  const exMax = get('exclusiveMaximum');
  if (num(exMin)) lo = `greater than ${exMin}`;
  else if (num(min)) lo = exMin === true ? `greater than ${min}` : `at least ${min}`;
  if (num(exMax)) hi = `less than ${exMax}`;
  else if (num(max)) hi = exMax === true ? `less than ${max}` : `at most ${max}`;
  if (lo?.startsWith('at least') && hi?.startsWith('at most')) value.push(`from ${min} to ${max}`);
  else if (lo !== undefined && hi !== undefined) value.push(`${lo} and ${hi}`);
  else if (lo !== undefined || hi !== undefined) value.push((lo ?? hi)!);
  const step = get('multipleOf');
  if (num(step)) value.push(`a multiple of ${step}`);
}

/** `3 to 8 characters`, `at least 1 item`, `exactly 2 fields`; undefined when neither bound is given. */
function range(min: unknown, max: unknown, noun: string): string | undefined {
  const lo = num(min) && min > 0 ? min : undefined;
  const hi = num(max) ? max : undefined;
  const nouns = (n: number) => `${noun}${n === 1 ? '' : 's'}`;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo} ${nouns(lo)}` : `${lo} to ${hi} ${nouns(hi)}`;
  if (lo !== undefined) return `at least ${lo} ${nouns(lo)}`;
  if (hi !== undefined) return `at most ${hi} ${nouns(hi)}`;
  return undefined;
}

/**
 * A phrase for a value with what is checked of it: `an integer, from 1 to 100`; a list's
 * own checks after it in parentheses, its items' as `each …`:
 * `a list of strings, each at most 8 characters long (1 to 50 items, no two the same)`.
 */
export function withConstraints(phrase: string, get: Keyword): string {
  const { value, list } = constraintWords(get);
  return `${phrase}${value.length > 0 ? `, ${value.join(', ')}` : ''}${list.length > 0 ? ` (${list.join(', ')})` : ''}`;
}

/** `a list of …` with the items' own checks said of each one. */
export function listOf(items: string, itemChecks: string[]): string {
  return `a list of ${items}${itemChecks.length > 0 ? `, each ${itemChecks.join(', ')}` : ''}`;
}
