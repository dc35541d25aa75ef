/**
 * The exact request of a call (SPEC 3) as a command or code a person can run: "Copy as curl"
 * and "Copy as fetch" in the call preview. The credential is never a value:
 * each one SKILL.md names is an environment variable (`$API_KEY`, `process.env.API_KEY`) put
 * where the gateway would put it. Pure text; the page does the copying.
 */
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

/**
 * The request as a curl command (POSIX shell), one option a line: the method, the URL, the
 * headers, and the body as it is sent (`--data-raw`, so a leading `@` is not a file name).
 */
export function curlCommand(request: HttpRequest, credentials: readonly CallCredential[] = []): string {
  const { url, headers } = withCredentials(request, credentials);
  const lines = [`curl${request.method === 'GET' ? '' : request.method === 'HEAD' ? ' --head' : ` -X ${request.method}`} ${shellWord(url)}`];
  for (const [name, value] of headers) lines.push(`-H ${shellWord([`${name}: `, ...value])}`);
  if (request.body !== undefined) lines.push(`--data-raw ${shellWord([request.body])}`);
  return lines.join(' \\\n  ');
}

/** A JavaScript expression for the parts: a string literal, or literals and `process.env` joined with `+`. */
function jsString(parts: readonly Part[], encode = false): string {
  const pieces = joinText(parts).map((p) => (typeof p === 'string' ? JSON.stringify(p) : encode ? `encodeURIComponent(${ENV}.${p.variable})` : `${ENV}.${p.variable}`));
  return pieces.length === 0 ? '""' : pieces.join(' + ');
}

/**
 * The request as a `fetch` call (JavaScript, Node 18+ or a browser): method, headers and
 * the body as the exact text sent.
 */
export function fetchSnippet(request: HttpRequest, credentials: readonly CallCredential[] = []): string {
  const { url, headers } = withCredentials(request, credentials);
  const lines = [`const response = await ${FETCH}(${jsString(url, true)}, {`, `  method: ${JSON.stringify(request.method)},`];
  if (headers.length > 0) {
    lines.push('  headers: {');
    for (const [name, value] of headers) lines.push(`    ${JSON.stringify(name)}: ${jsString(value)},`);
    lines.push('  },');
  }
  if (request.body !== undefined) lines.push(`  body: ${JSON.stringify(request.body)},`);
  lines.push('});');
  return lines.join('\n');
}
