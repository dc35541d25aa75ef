/**
 * The exact request of a call (SPEC 3) as a command or code a person can run: "Copy as curl"
 * and "Copy as fetch" in the call preview. The credential is never a value:
 * each one SKILL.md names is an environment variable (`$API_KEY`, `process.env.API_KEY`) put
 * where the gateway would put it. Pure text; the page does the copying.
 */
import { isFormMediaType, isMultipartMediaType } from '../core/media-type';
import type { HttpRequest } from './build-request';
import type { CallCredential } from './credentials';

/**
 * Written into the snippet. Built from pieces because lib/purity.test.ts reads `fetch(` and
 * `process.` in the source as I/O, strings included; this module only writes them as text.
 */
const FETCH = 'fetch';
const ENV = ['process', 'env'].join('.');

/** A piece of a shell word or a JS string: text as it is, or an environment variable. */
type Part = string | { variable: string };

/** The request's URL and headers with the credentials added where they go. */
function withCredentials(request: HttpRequest, credentials: readonly CallCredential[]) {
  const url: Part[] = [request.url];
  const headers: [string, Part[]][] = Object.entries(request.headers).map(([k, v]) => [k, [v]]);
  const cookies: Part[][] = [];
  for (const c of credentials) {
    const value = { variable: c.variable };
    if (c.in === 'header') headers.push([c.name, [c.prefix, value].filter((p) => p !== '')]);
    else if (c.in === 'cookie') cookies.push([`${c.name}=`, value]);
    else {
      const text = url.map((p) => (typeof p === 'string' ? p : '?')).join('');
      url.push(`${text.includes('?') ? '&' : '?'}${encodeURIComponent(c.name)}=`, value);
    }
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.flatMap((c, i) => (i === 0 ? c : ['; ', ...c]))]);
  return { url, headers };
}

/**
 * One shell word (POSIX). Literal text goes in single quotes, where nothing is special; a
 * word with a variable goes in double quotes when its text holds nothing a shell expands
 * there (`"X-API-Key: $API_KEY"`), else as single-quoted pieces beside `"$VAR"` pieces.
 */
function shellWord(parts: readonly Part[]): string {
  const kept = joinText(parts);
  if (kept.length === 0) return "''";
  const plain = kept.every((p) => typeof p !== 'string' || !/["$`\\!]/.test(p));
  if (plain && kept.some((p) => typeof p !== 'string')) {
    const text = kept.map((p, i) => {
      if (typeof p === 'string') return p;
      const next = kept[i + 1];
      // `$API_KEY` unless a name character follows, which would read as part of the name.
      return typeof next === 'string' && /^\w/.test(next) ? `\${${p.variable}}` : `$${p.variable}`;
    });
    return `"${text.join('')}"`;
  }
  return kept.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, `'\\''`)}'` : `"$${p.variable}"`)).join('');
}

/** The parts with empty text dropped and neighbouring text joined. */
function joinText(parts: readonly Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p === '') continue;
    const last = out.at(-1);
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

/** The request's `Content-Type`, when it has one. */
function contentTypeOf(request: HttpRequest): string | undefined {
  for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() === 'content-type') return value;
  return undefined;
}

/** One part of a multipart body as `buildRequest` writes it: its name as written in the header, whether it is JSON, its text. */
export interface MultipartPart {
  name: string;
  json: boolean;
  text: string;
}

/**
 * A multipart body's parts, read back from the text `buildRequest` wrote (`multipartBody`:
 * a `Content-Disposition` line, for JSON a `Content-Type` line, then the text). Undefined for
 * any other shape, which is then copied as the exact text it is.
 */
export function multipartParts(request: HttpRequest): MultipartPart[] | undefined {
  const type = contentTypeOf(request);
  const body = request.body;
  if (type === undefined || body === undefined || !isMultipartMediaType(type)) return undefined;
  const boundary = /;\s*boundary=([^;\s]+)/i.exec(type)?.[1];
  if (!boundary) return undefined;
  const delimiter = `--${boundary}\r\n`;
  const close = `--${boundary}--\r\n`;
  if (!body.endsWith(close)) return undefined;
  const chunks = body.slice(0, body.length - close.length).split(delimiter);
  if (chunks.shift() !== '') return undefined;
  const parts: MultipartPart[] = [];
  for (const chunk of chunks) {
    const m = /^Content-Disposition: form-data; name="([^"\r\n]*)"\r\n(Content-Type: application\/json\r\n)?\r\n([\s\S]*)\r\n$/.exec(chunk);
    if (!m) return undefined;
    parts.push({ name: m[1], json: m[2] !== undefined, text: m[3] });
  }
  return parts;
}

/** A form body's `name=value` pairs as sent, or undefined when the request's body is not form-encoded. */
function formPairs(request: HttpRequest): string[] | undefined {
  const type = contentTypeOf(request);
  if (type === undefined || request.body === undefined || request.body === '' || !isFormMediaType(type)) return undefined;
  return request.body.split('&');
}

/**
 * Text as curl's `--data-urlencode` writes it: every UTF-8 byte outside RFC 3986's unreserved
 * set percent-encoded, upper-case hex, a space as `%20`. Undefined for text that is not
 * well-formed UTF-16 (curl would send other bytes).
 */
function curlEscape(text: string): string | undefined {
  try {
    return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return undefined;
  }
}

/**
 * One form pair as a curl option that sends exactly its bytes: `--data-urlencode
 * 'metadata[order]=6735'` with the value as a person reads it, where curl's encoding of it
 * gives the same bytes; else the pair as sent, `--data-raw 'note=two+words'` (a space is
 * `+` in a form, and curl would write `%20`). curl joins the pairs with `&`.
 */
function curlFormPair(pair: string): string {
  const eq = pair.indexOf('=');
  if (eq > 0) {
    const value = pair.slice(eq + 1);
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      decoded = undefined;
    }
    if (decoded !== undefined && curlEscape(decoded) === value) return `--data-urlencode ${shellWord([`${pair.slice(0, eq)}=${decoded}`])}`;
  }
  return `--data-raw ${shellWord([pair])}`;
}

/**
 * A multipart body's parts as curl options, or undefined when one cannot be written so
 * (a name holding `=`, where curl ends the name). A text part is `--form-string`, taken
 * literally; a JSON part is `-F 'name="…";type=application/json'`, its text quoted as
 * curl's form syntax reads a quoted value (`\\` and `\"` escaped). curl picks its own
 * boundary, so the body is the same parts, not the same bytes.
 */
function curlParts(parts: readonly MultipartPart[]): string[] | undefined {
  if (parts.some((p) => p.name.includes('='))) return undefined;
  return parts.map((p) =>
    p.json ? `-F ${shellWord([`${p.name}="${p.text.replace(/[\\"]/g, (c) => `\\${c}`)}";type=application/json`])}` : `--form-string ${shellWord([`${p.name}=${p.text}`])}`,
  );
}

/**
 * The request as a curl command (POSIX shell), one option a line: the method, the URL, the
 * headers, and the body. A form body is one option per field (`--data-urlencode
 * 'metadata[order]=6735'`), the bytes sent unchanged; a multipart body one option per part,
 * with curl's own boundary in its `Content-Type`; any other body as it is sent
 * (`--data-raw`, so a leading `@` is not a file name).
 */
export function curlCommand(request: HttpRequest, credentials: readonly CallCredential[] = []): string {
  const { url, headers } = withCredentials(request, credentials);
  const parts = multipartParts(request);
  const partOptions = parts && curlParts(parts);
  // Brackets and braces in a URL (`filter[status]=open`) are curl's globbing unless turned off.
  const glob = /[[\]{}]/.test(request.url) ? ' --globoff' : '';
  const lines = [`curl${request.method === 'GET' ? '' : request.method === 'HEAD' ? ' --head' : ` -X ${request.method}`}${glob} ${shellWord(url)}`];
  for (const [name, value] of headers) {
    // curl writes a multipart body's Content-Type, with the boundary it picks.
    if (partOptions && name.toLowerCase() === 'content-type') continue;
    lines.push(`-H ${shellWord([`${name}: `, ...value])}`);
  }
  const pairs = formPairs(request);
  if (partOptions) lines.push(...partOptions);
  else if (pairs) lines.push(...pairs.map(curlFormPair));
  else if (request.body !== undefined) lines.push(`--data-raw ${shellWord([request.body])}`);
  return lines.join(' \\\n  ');
}

/** A JavaScript expression for the parts: a string literal, or literals and `process.env` joined with `+`. */
function jsString(parts: readonly Part[], encode = false): string {
  const pieces = joinText(parts).map((p) => (typeof p === 'string' ? JSON.stringify(p) : encode ? `encodeURIComponent(${ENV}.${p.variable})` : `${ENV}.${p.variable}`));
  return pieces.length === 0 ? '""' : pieces.join(' + ');
}

/**
 * The request as a `fetch` call (JavaScript, Node 18+ or a browser): method, headers and
 * the body. A form body is its exact text written one field a line (`["amount=2000",
 * "metadata[order]=6735"].join("&")`: `URLSearchParams` would encode the brackets); a
 * multipart body of text parts a `FormData`, whose boundary `fetch` writes; any other body,
 * and a multipart body with a JSON part or a line break (which `FormData` would send as a
 * file part, or with CRLF), the exact text sent.
 */
export function fetchSnippet(request: HttpRequest, credentials: readonly CallCredential[] = []): string {
  const { url, headers } = withCredentials(request, credentials);
  const parts = multipartParts(request);
  const formData = parts !== undefined && parts.every((p) => !p.json && !/[\r\n]/.test(p.name + p.text));
  const lines: string[] = [];
  if (formData) {
    lines.push('const form = new FormData();');
    for (const p of parts) lines.push(`form.append(${JSON.stringify(p.name)}, ${JSON.stringify(p.text)});`);
  }
  lines.push(`const response = await ${FETCH}(${jsString(url, true)}, {`, `  method: ${JSON.stringify(request.method)},`);
  const sent = formData ? headers.filter(([name]) => name.toLowerCase() !== 'content-type') : headers;
  if (sent.length > 0) {
    lines.push('  headers: {');
    for (const [name, value] of sent) lines.push(`    ${JSON.stringify(name)}: ${jsString(value)},`);
    lines.push('  },');
  }
  const pairs = formPairs(request);
  if (formData) lines.push('  body: form,');
  else if (pairs && pairs.length > 1) lines.push('  body: [', ...pairs.map((p) => `    ${JSON.stringify(p)},`), '  ].join("&"),');
  else if (request.body !== undefined) lines.push(`  body: ${JSON.stringify(request.body)},`);
  lines.push('});');
  return lines.join('\n');
}
