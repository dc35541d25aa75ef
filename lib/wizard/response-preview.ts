/**
 * The Call tab's response (SPEC 8.1, seed 003): what the operation answers with, from the
 * spec's own example or sampled from `returns`, checked against `returns`, measured in bytes
 * and tokens, and what the model gets of it once `pick` keeps only some fields.
 */
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { sample } from 'openapi-sampler';
import { isPlainObject } from '../core/entries';
import { pointerTokens } from '../core/json-pointer';
import { linearRegExpEngine } from '../core/linear-regexp';
import { applyPick } from '../skill/pick';

/** Where an example came from: the spec's response (its `example` or first `examples` entry), or sampled from `returns`. */
export type ExampleSource = 'spec' | 'sampled';

export interface ResponseMeasure {
  /** The JSON as the platform hands it on (compact). */
  text: string;
  bytes: number;
  tokens: number;
}

export type ResponsePreview =
  | {
      ok: true;
      source: ExampleSource;
      /** The example, pretty, as shown. */
      example: string;
      whole: ResponseMeasure;
      /** Where `returns` refuses the example, one line each (`/data/0/id: must be string`): the spec contradicting itself. */
      mismatches: string[];
      /** The fields a person can keep: dotted paths into `returns` (`id`, `data[].id`). */
      fields: string[];
      /** The file's `pick`, as written. */
      pick: string[];
      /** What the model gets with `pick`, when there is one. */
      picked?: ResponseMeasure & { example: string };
    }
  | { ok: false; reason: string };

/** The spec's example for an operation's success response: the first 2xx with a JSON body, as the conversion reads `returns` (SPEC 8.3). */
export function specExample(spec: unknown, method: string, path: string): { found: true; value: unknown } | { found: false } {
  const resolve = (node: unknown): unknown => {
    for (let hops = 0; hops < 16 && isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); hops++) {
      let at: unknown = spec;
      for (const token of pointerTokens(node.$ref.slice(1))) at = isPlainObject(at) ? at[token] : Array.isArray(at) ? at[Number(token)] : undefined;
      node = at;
    }
    return node;
  };
  const paths = isPlainObject(spec) ? resolve(spec.paths) : undefined;
  const item = isPlainObject(paths) ? resolve(paths[path]) : undefined;
  const op = isPlainObject(item) ? resolve(item[method.toLowerCase()]) : undefined;
  const responses = isPlainObject(op) ? resolve(op.responses) : undefined;
  if (!isPlainObject(responses)) return { found: false };
  for (const status of ['200', '201', '202', '2XX', '2xx']) {
    const response = resolve(responses[status]);
    const content = isPlainObject(response) ? resolve(response.content) : undefined;
    if (!isPlainObject(content)) continue;
    const type = Object.keys(content).find((t) => /^application\/(.+\+)?json\b/i.test(t));
    const media = type === undefined ? undefined : resolve(content[type]);
    if (!isPlainObject(media)) continue;
    if (media.example !== undefined) return { found: true, value: media.example };
    const examples = resolve(media.examples);
    if (isPlainObject(examples)) {
      const first = resolve(Object.values(examples)[0]);
      if (isPlainObject(first) && first.value !== undefined) return { found: true, value: first.value };
    }
    return { found: false };
  }
  return { found: false };
}

/** An example sampled from `returns`: every property, required or not, so each field can be seen and kept. */
export function sampleReturns(returns: unknown): unknown {
  try {
    return sample(returns as Parameters<typeof sample>[0], { skipWriteOnly: true, quiet: true, maxSampleDepth: 6 });
  } catch {
    return null;
  }
}

/** Where `returns` refuses a value, one line each; none when it accepts it (or cannot be compiled, which the `returns` rule reports). */
export function checkAgainstReturns(returns: unknown, value: unknown): string[] {
  let validate;
  try {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExpEngine() } });
    validate = ajv.compile(returns as object);
  } catch {
    return [];
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 12).map((e: ErrorObject) => `${e.instancePath === '' ? 'the response' : e.instancePath}: ${e.message ?? 'is refused'}`);
}

/** The fields of `returns` a person can keep, as `pick` paths: each property, and inside lists of objects each item's, two levels down. */
export function pickableFields(returns: unknown): string[] {
  const out: string[] = [];
  const walk = (schema: unknown, prefix: string, depth: number) => {
    if (!isPlainObject(schema) || depth > 2) return;
    if (isPlainObject(schema.items)) {
      walk(schema.items, `${prefix}[]`, depth);
      return;
    }
    const props = isPlainObject(schema.properties) ? schema.properties : undefined;
    if (!props) return;
    for (const name of Object.keys(props)) {
      if (name === '' || /[.[\]]/.test(name)) continue;
      const path = prefix === '' ? name : `${prefix}.${name}`;
      out.push(path);
      const sub = props[name];
      if (isPlainObject(sub) && (isPlainObject(sub.properties) || isPlainObject(sub.items))) walk(sub, path, depth + 1);
    }
  };
  walk(returns, '', 0);
  return out;
}

/**
 * The response preview of an operation whose `returns` is this (expanded) schema: the
 * spec's example when given, else one sampled; `count` counts a text's tokens.
 */
export function responsePreview(returns: unknown, pick: readonly string[], example: { found: true; value: unknown } | { found: false }, count: (text: string) => number): ResponsePreview {
  const value = example.found ? example.value : sampleReturns(returns);
  const measure = (v: unknown): ResponseMeasure => {
    const text = JSON.stringify(v) ?? 'null';
    return { text, bytes: new TextEncoder().encode(text).length, tokens: count(text) };
  };
  const preview: ResponsePreview = {
    ok: true,
    source: example.found ? 'spec' : 'sampled',
    example: JSON.stringify(value, null, 2) ?? 'null',
    whole: measure(value),
    mismatches: example.found ? checkAgainstReturns(returns, value) : [],
    fields: pickableFields(returns),
    pick: [...pick],
  };
  if (pick.length > 0) {
    const kept = applyPick(value, pick);
    preview.picked = { ...measure(kept), example: JSON.stringify(kept, null, 2) ?? 'null' };
  }
  return preview;
}
