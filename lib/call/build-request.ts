import { setOwn } from '../core/entries';
import { hasErrors } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { isFormMediaType, isMultipartMediaType } from '../core/media-type';
import { sha256Hex } from '../core/sha256';
import { encodePathValue, fillPath } from '../skill/url-template';
import type { CallableOperation } from './callable';
import { checkArguments } from './check-arguments';
import { checkRequestUrl, rebaseUrl } from './request-host';

/** The request the platform's `fetch_url` takes (SPEC 3.5). Credentials are the gateway's. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Absent when the operation declares no body fields and no free-form body, or the method is GET/HEAD. */
  body?: string;
}

export interface BuildOptions {
  /**
   * The base URL the user gave for this call (`call --base-url`): the request goes there
   * instead of the skill's host, which may then be any host, this machine's included.
   */
  baseUrl?: string;
}

/**
 * A call translated into one HTTP request (SPEC 3). Refused, sending nothing, when any
 * argument is missing, unknown or invalid; the refusal has one problem per argument
 * (`checkArguments`). Refused too when the request would go to a host that cannot be the
 * vendor's, unless the user gave the base URL (`checkRequestUrl`). Warnings (a pattern left
 * to the model, plain http) come with the request.
 * Pure: the caller (the CLI, a test, the gateway) does the sending.
 */
export function buildRequest(callable: CallableOperation, args: unknown, options: BuildOptions = {}): Result<HttpRequest> {
  let template = callable.url;
  if (options.baseUrl !== undefined) {
    const rebased = rebaseUrl(template, options.baseUrl, callable.file);
    if (!rebased.ok) return rebased;
    template = rebased.value;
  }
  const problems = [...checkArguments(callable, args)];
  if (hasErrors(problems)) return fail(problems);
  const values = args as Record<string, unknown>;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(values, name) && values[name] !== undefined;

  let url = fillPath(template, (name) => encodePathValue(String(values[name])));
  const where = checkRequestUrl(url, callable.file, options.baseUrl !== undefined);
  if (hasErrors(where)) return fail([...problems, ...where]);
  problems.push(...where);

  const deep = new Set(callable.deep);
  const pairs: string[] = [];
  for (const name of callable.query) {
    if (!has(name) || values[name] === null) continue;
    pairs.push(...encodePairs(name, values[name], deep.has(name), encodeURIComponent));
  }
  if (pairs.length > 0) url += (url.includes('?') ? '&' : '?') + pairs.join('&');

  const headers: Record<string, string> = {};
  for (const name of callable.header) {
    if (!has(name) || values[name] === null) continue;
    const v = values[name];
    headers[name] = Array.isArray(v) ? v.map(String).join(', ') : String(v);
  }
  for (const [name, value] of Object.entries(callable.fixedHeaders)) headers[name] = value;

  const request: HttpRequest = { method: callable.method, url, headers };
  if (callable.method === 'GET' || callable.method === 'HEAD') return ok(request, problems);
  if (callable.bodyArgument !== undefined) {
    if (has(callable.bodyArgument)) {
      headers['Content-Type'] = callable.contentType;
      request.body = JSON.stringify(values[callable.bodyArgument]);
    }
    return ok(request, problems);
  }
  if (callable.body.length === 0 && !callable.extraBody) return ok(request, problems);
  // The body's fields present, in declaration order, then a free-form body's others in the order they came.
  const fields: [string, unknown][] = [];
  for (const name of callable.body) if (has(name)) fields.push([name, values[name]]);
  if (callable.extraBody) {
    const named = new Set([...callable.path, ...callable.query, ...callable.header, ...callable.body]);
    for (const name of Object.keys(values)) if (!named.has(name) && has(name)) fields.push([name, values[name]]);
  }
  if (isFormMediaType(callable.contentType)) {
    const form: string[] = [];
    for (const [name, v] of fields) if (v !== null) form.push(...encodePairs(name, v, deep.has(name), formEncode));
    headers['Content-Type'] = callable.contentType;
    request.body = form.join('&');
  } else if (isMultipartMediaType(callable.contentType)) {
    const { boundary, body } = multipartBody(fields.flatMap(([name, v]): [string, unknown][] => (deep.has(name) ? bracketParts(name, v) : [[name, v]])));
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    request.body = body;
  } else {
    const body: Record<string, unknown> = {};
    // setOwn, so an argument named `__proto__` is an ordinary field.
    for (const [name, v] of fields) setOwn(body, name, v);
    headers['Content-Type'] = callable.contentType;
    request.body = JSON.stringify(body);
  }
  return ok(request, problems);
}


/**
 * `name=value` pairs of one argument (SPEC 3.3, 7.2): a scalar as its text, an array
 * repeated, or, in bracket style (`deep`), an object as `name[key]=value` recursively and an
 * array as `name[0]=v`. Brackets stay literal (what Stripe-style servers and curl's
 * `--data-urlencode` write); names and values are encoded by `encode`. `null` leaves are
 * left out, as a `null` argument is.
 */
export function encodePairs(name: string, value: unknown, deep: boolean, encode: (s: string) => string): string[] {
  const out: string[] = [];
  const walk = (key: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      if (deep) v.forEach((item, i) => walk(`${key}[${i}]`, item));
      else for (const item of v) walk(key, item);
    } else if (typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) walk(`${key}[${encode(k)}]`, inner);
    } else out.push(`${key}=${encode(String(v))}`);
  };
  walk(encode(name), value);
  return out;
}

/**
 * A multipart field in `deep` (decision 0165): one text part per value, named in bracket
 * style as a form body names it (`file_link_data[create]`, `lines[0][amount]`), the name
 * unencoded, as a part's name is written. A scalar is its own part.
 */
export function bracketParts(name: string, value: unknown): [string, string][] {
  const out: [string, string][] = [];
  const walk = (key: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(`${key}[${i}]`, item));
    else if (typeof v === 'object') for (const [k, inner] of Object.entries(v)) walk(`${key}[${k}]`, inner);
    else out.push([key, String(v)]);
  };
  walk(name, value);
  return out;
}

/**
 * `application/x-www-form-urlencoded` text (SPEC 7.2): every UTF-8 byte outside RFC 3986's
 * unreserved set percent-encoded, a space as `+`.
 */
export function formEncode(text: string): string {
  return encodePathValue(text).replace(/%20/g, '+');
}

/**
 * A `multipart/form-data` body (SPEC 7.2): one part per field, a scalar as a text part, an
 * object or array as an `application/json` part; CRLF line ends. The boundary is `skill-`
 * and the SHA-256 of the parts, so one call always gives the same bytes, and no part can
 * hold it by chance. A `null` field is left out.
 */
export function multipartBody(fields: readonly [string, unknown][]): { boundary: string; body: string } {
  const parts: string[] = [];
  for (const [name, v] of fields) {
    if (v === null || v === undefined) continue;
    // Quotes and line breaks in a name are percent-encoded, as browsers write them.
    const quoted = name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    const json = typeof v === 'object';
    parts.push(
      `Content-Disposition: form-data; name="${quoted}"\r\n${json ? 'Content-Type: application/json\r\n' : ''}\r\n${json ? JSON.stringify(v) : String(v)}\r\n`,
    );
  }
  const boundary = `skill-${sha256Hex(parts.join('\u0000'))}`;
  const body = parts.map((p) => `--${boundary}\r\n${p}`).join('') + `--${boundary}--\r\n`;
  return { boundary, body };
}
