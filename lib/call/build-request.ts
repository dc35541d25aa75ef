import { setOwn } from '../core/entries';
import { hasErrors } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { encodePathValue, fillPath } from '../skill/url-template';
import type { CallableOperation } from './callable';
import { checkArguments } from './check-arguments';

/** The request the platform's `fetch_url` takes (SPEC 3.5). Credentials are the gateway's. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Absent when the operation declares no body fields and no free-form body, or the method is GET/HEAD. */
  body?: string;
}

/**
 * A call translated into one HTTP request (SPEC 3). Refused, sending nothing, when any
 * argument is missing, unknown or invalid; the refusal has one problem per argument
 * (`checkArguments`). Warnings (a pattern left to the model) come with the request.
 * Pure: the caller (the CLI, a test, the gateway) does the sending.
 */
export function buildRequest(callable: CallableOperation, args: unknown): Result<HttpRequest> {
  const problems = checkArguments(callable, args);
  if (hasErrors(problems)) return fail(problems);
  const values = args as Record<string, unknown>;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(values, name) && values[name] !== undefined;

  let url = fillPath(callable.url, (name) => encodePathValue(String(values[name])));

  const pairs: string[] = [];
  for (const name of callable.query) {
    if (!has(name) || values[name] === null) continue;
    const v = values[name];
    for (const item of Array.isArray(v) ? v : [v]) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
  }
  if (pairs.length > 0) url += (url.includes('?') ? '&' : '?') + pairs.join('&');

  const headers: Record<string, string> = {};
  const request: HttpRequest = { method: callable.method, url, headers };
  if (callable.method !== 'GET' && callable.method !== 'HEAD' && (callable.body.length > 0 || callable.extraBody)) {
    const body: Record<string, unknown> = {};
    for (const name of callable.body) {
      // setOwn, so an argument named `__proto__` is an ordinary field.
      if (has(name)) setOwn(body, name, values[name]);
    }
    if (callable.extraBody) {
      // A free-form body: the arguments not named in the schema, in the order they came.
      const named = new Set([...callable.path, ...callable.query, ...callable.body]);
      for (const name of Object.keys(values)) if (!named.has(name) && has(name)) setOwn(body, name, values[name]);
    }
    headers['Content-Type'] = 'application/json';
    request.body = JSON.stringify(body);
  }
  return ok(request, problems);
}

