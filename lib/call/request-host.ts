import { classifyHost } from '../core/host';
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/;

/**
 * Why a request to `url` must not be built, or the warnings it is built with (SPEC 3,
 * decision 0150). The URL is the one the request would go to, its path parameters filled,
 * so an argument cannot choose the host either. A host that cannot be the vendor's
 * (loopback, private, link-local, a bare number, mixed scripts: lib/core/host.ts) is refused
 * unless the user gave the base URL for this call; plain `http` is a warning, as the
 * credentials the gateway attaches would travel unencrypted.
 */
export function checkRequestUrl(url: string, file: string, explicitBase: boolean): Problem[] {
  const m = ABSOLUTE.exec(url);
  if (!m) return [problem('call-url', 'error', `\`${url}\` is not an absolute http or https URL, so no request can be built: give the API's base URL (\`https://…\`)`, file)];
  const scheme = m[1].toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return [problem('call-url', 'error', `\`${m[1]}:\` is not http or https, so no request can be built`, file)];
  const authority = m[2].slice(m[2].lastIndexOf('@') + 1);
  if (m[2].includes('@')) return [problem('call-url', 'error', 'The URL carries credentials (`user@`): the gateway attaches them, so no request is built', file)];
  if (explicitBase) return [];
  // As written (a look-alike of another script), and as a client reads it (`2130706433` is 127.0.0.1).
  const verdict = classifyHost(authority) ?? classifyHost(parsedHost(url) ?? authority);
  if (verdict && verdict.kind !== 'placeholder') {
    return [problem('call-host', 'error', `The host \`${authority}\` ${verdict.why}: a call there is refused. Give the base URL to call it on purpose`, file)];
  }
  if (scheme === 'http') return [problem('call-http', 'warning', `\`${url.slice(0, m[0].length)}\` is plain http: the request and the credentials the gateway attaches travel unencrypted`, file)];
  return [];
}

function parsedHost(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.port === '' ? u.hostname : `${u.hostname}:${u.port}`;
  } catch {
    return undefined;
  }
}

/**
 * The URL template `template` sent to `baseUrl` instead (decision 0150): its scheme, host and
 * port are the base URL's, and the base URL's path, when it has one, comes before the
 * template's path. Refused when the base URL is not an absolute http(s) URL with a host and
 * no credentials, query or fragment.
 */
export function rebaseUrl(template: string, baseUrl: string, file: string): Result<string> {
  const base = ABSOLUTE.exec(baseUrl);
  const refuse = (why: string) => fail<string>([problem('call-base-url', 'error', `The base URL \`${baseUrl}\` ${why}`, file)]);
  if (!base) return refuse('is not an absolute URL (`https://host` or `http://host:port`)');
  if (!/^https?$/i.test(base[1])) return refuse('is not http or https');
  if (base[2] === '') return refuse('has no host');
  if (base[2].includes('@')) return refuse('carries credentials (`user@`): the gateway attaches them');
  if (/[?#]/.test(baseUrl)) return refuse('has a query string or a fragment');
  const own = ABSOLUTE.exec(template);
  const path = own ? template.slice(own[0].length) : template;
  const basePath = baseUrl.slice(base[0].length).replace(/\/+$/, '');
  return ok(`${base[0]}${basePath}${path.startsWith('/') || path === '' ? path : `/${path}`}`);
}
