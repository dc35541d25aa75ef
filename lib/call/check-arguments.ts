import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { isPlainObject } from '../core/entries';
import { decodePointerToken } from '../core/json-pointer';
import { linearRegExpEngine } from '../core/linear-regexp';
import { hasLoneSurrogate } from '../core/well-formed';
import { isFormMediaType } from '../core/media-type';
import { problem, type Problem } from '../core/problem';
import type { PublishedTool } from '../publish/publish';
import type { CallableOperation } from './callable';

/** What is wrong with one argument; a refusal has one problem per argument (SPEC 3.1). */
type Fault = { kind: 'missing' } | { kind: 'unknown' } | { kind: 'invalid'; reasons: string[] };

const MAX_REASONS = 5;

/**
 * The reasons a call must be refused, one problem per offending argument (SPEC 3.1):
 * `call-missing-argument` (required and absent), `call-unknown-argument` (not in the schema's
 * properties), `call-invalid-argument` (the value does not satisfy its schema, or cannot be
 * sent where it goes: an empty, `.` or `..` path segment, an object in the query string).
 * `call-arguments` when the arguments are not a JSON object or the schema is not checkable.
 * No error means the call may be sent. An argument whose value is `undefined` is absent.
 *
 * Every `pattern` is matched in linear time (`linearPattern`); one that cannot be (a
 * backreference, a lookaround) is not checked here but left to the model, with a
 * `call-pattern-unchecked` warning naming it.
 */
export function checkArguments(callable: CallableOperation, args: unknown): Problem[] {
  const file = callable.file;
  if (!isPlainObject(args)) {
    return [problem('call-arguments', 'error', `The arguments must be a JSON object, not ${describeValue(args)}`, file)];
  }
  const compiled = validator(callable.tool);
  if (compiled instanceof Error) {
    return [problem('call-arguments', 'error', `The tool's parameters cannot be checked: ${compiled.message}`, file)];
  }
  const { validate, unchecked } = compiled;

  const schema = callable.tool.parameters;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const declared = Object.keys(properties);
  const faults = new Map<string, Fault>();
  const rootReasons: string[] = [];
  const add = (name: string, fault: Fault) => {
    const had = faults.get(name);
    if (!had) faults.set(name, fault);
    else if (had.kind === 'invalid' && fault.kind === 'invalid') {
      for (const r of fault.reasons) if (!had.reasons.includes(r)) had.reasons.push(r);
    } else if (fault.kind !== 'invalid') faults.set(name, fault);
  };

  const present = (name: string) => hasOwn(args, name) && args[name] !== undefined;
  // A free-form body takes arguments not named; the validator checks their values against `additionalProperties`.
  if (!callable.extraBody) {
    for (const name of Object.keys(args)) {
      if (args[name] !== undefined && !hasOwn(properties, name)) add(name, { kind: 'unknown' });
    }
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  for (const name of [...required, ...callable.path]) if (!present(name)) add(name, { kind: 'missing' });

  if (!validate(args)) {
    for (const e of validate.errors ?? []) mapError(e);
  }

  for (const name of callable.path) {
    if (!present(name)) continue;
    const reason = pathValueFault(args[name]);
    if (reason) add(name, { kind: 'invalid', reasons: [reason] });
  }
  const deep = new Set(callable.deep);
  for (const name of callable.query) {
    if (!present(name) || deep.has(name)) continue;
    const reason = queryValueFault(args[name]);
    if (reason) add(name, { kind: 'invalid', reasons: [reason] });
  }
  for (const name of callable.header) {
    if (!present(name)) continue;
    const reason = headerValueFault(args[name]);
    if (reason) add(name, { kind: 'invalid', reasons: [reason] });
  }
  // Bracket-style and form-encoded values are percent-encoded as UTF-8, keys included, at any depth.
  const formBody = isFormMediaType(callable.contentType) && callable.bodyArgument === undefined;
  for (const name of [...callable.query.filter((n) => deep.has(n)), ...(formBody ? callable.body : [])]) {
    if (present(name) && holdsLoneSurrogate(args[name])) add(name, { kind: 'invalid', reasons: [NOT_TEXT_ANYWHERE] });
  }
  if (formBody) {
    for (const name of callable.body) {
      if (!present(name) || deep.has(name)) continue;
      const v = args[name];
      if (v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((i) => i === null || isScalar(i)))) {
        add(name, { kind: 'invalid', reasons: ['is a form field and must be a string, number, boolean or a list of them: an object is form-encoded only in bracket style (`deep`)'] });
      }
    }
  }

  // Declared arguments in declaration order, then unknown ones in the order they came.
  const order = [...declared, ...Object.keys(args)].filter((n, i, all) => all.indexOf(n) === i);
  for (const name of faults.keys()) if (!order.includes(name)) order.push(name);
  const problems: Problem[] = [];
  for (const name of order) {
    const fault = faults.get(name);
    if (!fault) continue;
    if (fault.kind === 'missing') {
      problems.push(problem('call-missing-argument', 'error', `Argument \`${name}\` is required and missing`, file));
    } else if (fault.kind === 'unknown') {
      const known = declared.length > 0 ? `; it takes ${declared.map((n) => `\`${n}\``).join(', ')}` : '; it takes no arguments';
      problems.push(problem('call-unknown-argument', 'error', `Argument \`${name}\` is not an argument of \`${callable.tool.name}\`${known}`, file));
    } else {
      const shown = fault.reasons.slice(0, MAX_REASONS);
      if (fault.reasons.length > MAX_REASONS) shown.push(`and ${fault.reasons.length - MAX_REASONS} more`);
      problems.push(problem('call-invalid-argument', 'error', `Argument \`${name}\` ${shown.join('; ')}`, file));
    }
  }
  for (const reason of rootReasons) problems.push(problem('call-arguments', 'error', `The arguments ${reason}`, file));
  for (const { pattern, reason } of unchecked) {
    problems.push(problem('call-pattern-unchecked', 'warning', `The pattern \`${pattern}\` ${reason}: arguments are not checked against it (the model is asked to follow it)`, file));
  }
  return problems;

  function mapError(e: ErrorObject) {
    const params = e.params as Record<string, unknown>;
    if (e.instancePath === '') {
      if ((e.keyword === 'required' || e.keyword === 'dependentRequired') && typeof params.missingProperty === 'string') {
        add(params.missingProperty, { kind: 'missing' });
      } else if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
        add(params.additionalProperty, { kind: 'unknown' });
      } else if (e.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
        add(params.unevaluatedProperty, { kind: 'unknown' });
      } else if (e.keyword === 'propertyNames' && typeof params.propertyName === 'string') {
        add(params.propertyName, { kind: 'invalid', reasons: ['is not an allowed argument name'] });
      } else if (e.keyword !== 'propertyNames') {
        const reason = errorMessage(e);
        if (!rootReasons.includes(reason)) rootReasons.push(reason);
      }
      return;
    }
    const [first, ...rest] = e.instancePath.slice(1).split('/');
    const name = decodePointerToken(first);
    const inner = rest.length > 0 ? `/${rest.join('/')} ` : '';
    add(name, { kind: 'invalid', reasons: [`${inner}${errorMessage(e)}`] });
  }
}

/** A tool's validator, and the patterns it leaves to the model. */
interface Compiled {
  validate: ValidateFunction;
  unchecked: { pattern: string; reason: string }[];
}

const validators = new WeakMap<PublishedTool, Compiled | Error>();

/** The 2020-12 meta-schema's validator, shared: compiling it takes tens of milliseconds. */
let metaValidator: Ajv2020 | undefined;

/**
 * The tool's compiled validator, cached per tool. A fresh Ajv per tool: no instance-wide
 * schema cache grows with every edit, and two tools' `$id`s cannot collide. It carries no
 * meta-schema (adding one to each instance makes every tool's first check far slower): the schema is checked
 * against the meta-schema by one shared instance first, with the message Ajv's own check
 * gives. `format` stays an annotation (no format is checked, an unknown one is no error), and
 * annotation keywords such as `example` are allowed (`strict: false`). Patterns run on the
 * linear-time engine.
 */
function validator(tool: PublishedTool): Compiled | Error {
  const hit = validators.get(tool);
  if (hit) return hit;
  let compiled: Compiled | Error;
  const unchecked: Compiled['unchecked'] = [];
  const regExp = linearRegExpEngine((pattern, reason) => {
    if (!unchecked.some((u) => u.pattern === pattern)) unchecked.push({ pattern, reason });
  });
  try {
    metaValidator ??= new Ajv2020({ strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExpEngine() } });
    if (!metaValidator.validateSchema(tool.parameters)) throw new Error(`schema is invalid: ${metaValidator.errorsText(metaValidator.errors)}`);
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false, meta: false, code: { regExp } }).compile(tool.parameters);
    compiled = { validate, unchecked };
  } catch (e) {
    // Ajv percent-encodes property names into schema paths; half a character cannot be.
    if (e instanceof URIError) compiled = new Error('a property name in them holds a lone surrogate (half a character), which no validator can compile');
    else compiled = e instanceof Error ? e : new Error(String(e));
  }
  validators.set(tool, compiled);
  return compiled;
}

function errorMessage(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  const base = e.message ?? `fails \`${e.keyword}\``;
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${base}: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (e.keyword === 'const') return `${base}: ${JSON.stringify(params.allowedValue)}`;
  return base;
}

/**
 * A string holding half a character (a lone surrogate, as a JSON `\ud800` escape makes)
 * cannot be percent-encoded as UTF-8, so it cannot go into a URL.
 */
const NOT_TEXT = 'holds a lone surrogate (half a character), which cannot be sent in a URL';

const NOT_TEXT_ANYWHERE = 'holds a lone surrogate (half a character) in a key or value, which cannot be percent-encoded';

/** Whether a string, key or value anywhere inside holds a lone surrogate. */
function holdsLoneSurrogate(v: unknown): boolean {
  if (typeof v === 'string') return hasLoneSurrogate(v);
  if (Array.isArray(v)) return v.some(holdsLoneSurrogate);
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, inner]) => hasLoneSurrogate(k) || holdsLoneSurrogate(inner));
  return false;
}

/** A path parameter is one segment: a scalar, not empty, and not one a URL parser would resolve away. */
function pathValueFault(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
    return `is a path parameter and must be a string, number or boolean, not ${describeValue(v)}`;
  }
  const s = String(v);
  if (s === '') return 'is a path parameter and must not be empty';
  if (hasLoneSurrogate(s)) return NOT_TEXT;
  // `.` and `..` (and `%2e` spellings, which URL parsers treat the same) would move the request to another path.
  if (/^(\.|%2e){1,2}$/i.test(s)) return `is a path parameter and must not be \`${s}\`, which would change the path`;
  return undefined;
}

/** A query parameter is a scalar or a list of scalars (SPEC 1.3); `null` is sent as absent. */
function queryValueFault(v: unknown): string | undefined {
  if (typeof v === 'string' && hasLoneSurrogate(v)) return NOT_TEXT;
  if (v === null || isScalar(v)) return undefined;
  if (Array.isArray(v)) {
    if (v.some((item) => typeof item === 'string' && hasLoneSurrogate(item))) return `has a list item that ${NOT_TEXT}`;
    return v.every(isScalar) ? undefined : 'is a query parameter and its list items must be strings, numbers or booleans';
  }
  return `is a query parameter and must be a string, number, boolean or a list of them, not ${describeValue(v)}`;
}

/** A header argument is a scalar or a list of scalars (SPEC 7.1), on one line of Latin-1 text. */
function headerValueFault(v: unknown): string | undefined {
  if (v === null) return undefined;
  const items = Array.isArray(v) ? v : [v];
  if (!items.every(isScalar)) return `is a header and must be a string, number, boolean or a list of them, not ${describeValue(v)}`;
  const fault = headerLineFault(items.map(String).join(', '));
  return fault === undefined ? undefined : `is a header and ${fault}`;
}

/** What keeps a text from being a header value `fetch` sends: one line of Latin-1 text. */
export function headerLineFault(text: string): string | undefined {
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(text)) return 'must not hold a line break or control character';
  if (/[^\u0000-\u00ff]/.test(text)) return 'must hold only Latin-1 characters';
  return undefined;
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}
