import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { linearRegExpEngine } from '../core/linear-regexp';
import { declaredSafety, type Declaration, type Safety } from '../skill/operation-file';
import { applyPick } from '../skill/pick';
import type { HttpRequest } from './build-request';
import { headerLineFault } from './check-arguments';
import type { CallCredential } from './credentials';

/**
 * Sending a call for real ("Send" in the wizard's Call tab, `call --send`): what goes on the
 * request beside what `buildRequest` made (the credential a person gives), and what the
 * answer is worth (the success status, the body against `returns`). Pure: the CLI and the
 * wizard's send worker do the sending.
 */

/**
 * The request with each credential that has a value put where SKILL.md says it goes (a
 * header, after its `Bearer `/`Basic ` word; a query parameter; a cookie). Credentials with
 * no value are left out. Refused when a value cannot be sent: a header or cookie value that
 * is not one line of Latin-1 text, as `fetch` would refuse it after the person confirmed.
 */
export function addCredentials(request: HttpRequest, credentials: readonly CallCredential[], values: Readonly<Record<string, string>>): Result<HttpRequest> {
  let url = request.url;
  const headers: Record<string, string> = { ...request.headers };
  const cookies: string[] = [];
  for (const c of credentials) {
    const value = values[c.variable];
    if (value === undefined || value === '') continue;
    if (c.in === 'query') {
      url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(c.name)}=${encodeURIComponent(value)}`;
      continue;
    }
    const fault = headerLineFault(value);
    if (fault !== undefined) {
      return fail([problem('call-credential', 'error', `The credential for \`${c.scheme}\` (${c.variable}) ${fault}: it goes in the \`${c.in === 'cookie' ? 'Cookie' : c.name}\` header`, 'SKILL.md')]);
    }
    if (c.in === 'cookie') cookies.push(`${c.name}=${value}`);
    else headers[c.name] = `${c.prefix}${value}`;
  }
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  return ok({ ...request, url, headers });
}

/** Where a credential goes, in words: "the `X-API-Key` header", "the `api_key` query parameter". */
export function credentialPlace(c: CallCredential): string {
  if (c.in === 'query') return `the \`${c.name}\` query parameter`;
  if (c.in === 'cookie') return `the \`${c.name}\` cookie`;
  return c.prefix === '' ? `the \`${c.name}\` header` : `the \`${c.name}\` header, after \`${c.prefix.trim()}\``;
}

/**
 * Why a call must be confirmed before it is sent, or undefined for a safe one (SPEC 8.1):
 * an idempotent or unsafe operation may change something on the server.
 */
export function sendConfirmation(method: string, safety: Safety, url: string): string | undefined {
  if (safety === 'safe') return undefined;
  const what = safety === 'unsafe' ? 'may change something on the server each time it is sent' : 'may change something on the server';
  return `${method} ${url} is ${safety}: it ${what}`;
}

/** What the answer should be (SPEC 8.1): the success status, and what the model gets of the body. */
export interface ResponseExpectation {
  /** The declared success status; 200 when none is declared. */
  status: number;
  safety: Safety;
  /** The expanded `returns` the tool carries, when the operation declares one. */
  returns?: unknown;
  /** `pick`: the fields kept before `returns` applies. */
  pick: string[];
}

/** The expectation of one declared operation, with the `returns` its tool carries (expanded). */
export function responseExpectation(d: Declaration, returns: unknown): ResponseExpectation {
  const status = typeof d.raw.status === 'number' && Number.isInteger(d.raw.status) ? d.raw.status : 200;
  return { status, safety: declaredSafety(d), ...(returns !== undefined ? { returns } : {}), pick: d.lists.pick };
}

/** Whether an answer's body is what the operation declares it returns. */
export type BodyCheck =
  | { kind: 'matches' }
  | { kind: 'differs'; reasons: string[] }
  /** The answer is not the success status: its body is an error's, not checked. */
  | { kind: 'not-success'; expected: number }
  | { kind: 'not-json'; reason: string }
  /** No `returns` declared: nothing to check against. */
  | { kind: 'undeclared' }
  | { kind: 'unchecked'; reason: string };

const MAX_REASONS = 5;

/**
 * The answer against the expectation: a success status other than the declared one is not
 * checked further; with `returns`, the body is read as JSON, `pick` applied (what the model
 * would get), and checked against it. A `204` or an empty body with no `returns` matches.
 */
export function checkResponseBody(expect: ResponseExpectation, status: number, body: string): BodyCheck {
  if (status !== expect.status) return { kind: 'not-success', expected: expect.status };
  if (expect.returns === undefined) return { kind: 'undeclared' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return { kind: 'not-json', reason: body.trim() === '' ? 'the body is empty' : `the body is not JSON (${(e as Error).message})` };
  }
  const validate = returnsValidator(expect.returns);
  if (validate instanceof Error) return { kind: 'unchecked', reason: validate.message };
  const picked = applyPick(value, expect.pick);
  if (validate(picked)) return { kind: 'matches' };
  const reasons: string[] = [];
  for (const e of validate.errors ?? []) {
    const reason = `${e.instancePath === '' ? 'the body' : `\`${e.instancePath}\``} ${e.message ?? `fails \`${e.keyword}\``}`;
    if (!reasons.includes(reason)) reasons.push(reason);
  }
  if (reasons.length > MAX_REASONS) reasons.splice(MAX_REASONS, reasons.length - MAX_REASONS, `and ${reasons.length - MAX_REASONS} more`);
  return { kind: 'differs', reasons };
}

/** A body check in one sentence, as the CLI prints it and the wizard shows it. */
export function describeBodyCheck(check: BodyCheck): string {
  switch (check.kind) {
    case 'matches':
      return 'The body matches `returns`.';
    case 'differs':
      return `The body does not match \`returns\`: ${check.reasons.join('; ')}.`;
    case 'not-success':
      return `Not the success status (${check.expected}): the body is not checked against \`returns\`.`;
    case 'not-json':
      return `The body does not match \`returns\`: ${check.reason}.`;
    case 'undeclared':
      return 'The operation declares no `returns`: the body is not checked.';
    case 'unchecked':
      return `The body is not checked: \`returns\` cannot be compiled (${check.reason}).`;
  }
}

/** Whether the answer is the one the operation promises: the success status, and a body that matches when `returns` is declared. */
export function answerHolds(check: BodyCheck): boolean {
  return check.kind === 'matches' || check.kind === 'undeclared';
}

const validators = new WeakMap<object, ValidateFunction | Error>();

/** `returns` compiled, cached per schema object; patterns on the linear-time engine, formats as annotations. */
function returnsValidator(returns: unknown): ValidateFunction | Error {
  const key = typeof returns === 'object' && returns !== null ? returns : undefined;
  const hit = key && validators.get(key);
  if (hit) return hit;
  let compiled: ValidateFunction | Error;
  try {
    compiled = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExpEngine() } }).compile(returns as object | boolean);
  } catch (e) {
    compiled = e instanceof Error ? e : new Error(String(e));
  }
  if (key) validators.set(key, compiled);
  return compiled;
}

/** The response a send got, as both the CLI and the wizard show it. */
export interface CallAnswer {
  status: number;
  statusText: string;
  /** In the order received, names as the runtime gives them (lower case). */
  headers: [string, string][];
  /** The body as UTF-8 text, at most the bytes read. */
  body: string;
  /** The body's size in bytes, as received (more than `body` holds when cut). */
  bytes: number;
  /** The body was longer than what is read of it, and was cut there. */
  cut?: boolean;
}

/** The most of a body a send reads: an answer larger than this is cut, and says so. */
export const MAX_ANSWER_BYTES = 10 * 2 ** 20;

/**
 * An answer's body read to its end, the first `MAX_ANSWER_BYTES` of it kept as UTF-8 text
 * (the CLI and the wizard's send worker read it alike); when the stream breaks off, how many
 * bytes had come and why.
 */
export async function readAnswerBody(stream: ReadableStream<Uint8Array> | null): Promise<{ ok: true; body: string; bytes: number; cut: boolean } | { ok: false; bytes: number; error: Error }> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let kept = 0;
  try {
    const reader = stream?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (kept < MAX_ANSWER_BYTES) {
        const part = value.subarray(0, MAX_ANSWER_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
    }
  } catch (e) {
    return { ok: false, bytes, error: e instanceof Error ? e : new Error(String(e)) };
  }
  const whole = new Uint8Array(kept);
  let at = 0;
  for (const c of chunks) {
    whole.set(c, at);
    at += c.length;
  }
  return { ok: true, body: new TextDecoder().decode(whole), bytes, cut: bytes > kept };
}

/** `HTTP 200 OK` and the headers, one a line, as the CLI prints them and the wizard shows them. */
export function answerHead(a: Pick<CallAnswer, 'status' | 'statusText' | 'headers'>): string {
  return [`HTTP ${a.status}${a.statusText ? ` ${a.statusText}` : ''}`, ...a.headers.map(([k, v]) => `${k}: ${v}`)].join('\n');
}
