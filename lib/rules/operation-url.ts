import type { OperationFile } from '../skill/operation-file';
import { classifyHost, hostToAscii } from '../core/host';
import { parseSegment, type SegmentFault } from '../skill/url-template';
import { atKey, located, type FileRule, type RuleProblem } from './rule';

/** How each problem about the URL's host starts: a base URL the user gives for a call replaces that host. */
export const HOST_PROBLEM = 'The host `';

/** Whether `p` is `operation-url`'s problem with the URL's host (`call --base-url` sends the request elsewhere). */
export function isHostProblem(p: { ruleId: string; message: string }): boolean {
  return p.ruleId === 'operation-url' && p.message.startsWith(HOST_PROBLEM);
}

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/;

const FAULTS: Record<SegmentFault['kind'], string> = {
  'empty-name': 'a path parameter `{}` needs a name',
  unclosed: 'a `{` opens a path parameter that is never closed by `}`',
  'stray-close': 'a `}` closes no path parameter: braces appear only around a parameter name',
  adjacent: 'two path parameters in one segment must be separated by literal text (`{a}-{b}`), or no request says where one ends',
};

/**
 * SPEC 1.3, 7.1: `url` is an absolute `http`/`https` URL with a host and no credentials; a
 * path parameter `{name}` is a whole segment or part of one (`{Sid}.json`), two in one
 * segment separated by literal text, each name once; no query string, no fragment; every
 * `%` starts a valid percent-encoding, and nothing a URL cannot hold (spaces, control
 * characters) is left unencoded; the host can be the vendor's (not loopback, private,
 * link-local, a bare number or letters of mixed scripts: lib/core/host.ts) and
 * is written in ASCII (`xn--…`). Problems point at the offending character when the URL is
 * written on one line.
 */
export const operationUrl: FileRule = {
  id: 'operation-url',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d) return [];
    const raw = d.raw.url;
    if (raw === undefined) return [atKey(op, '/operation', 'The operation block has no `url`')];
    if (typeof raw !== 'string') return [atKey(op, '/operation/url', '`url` must be a string: the absolute URL of the operation')];
    const url = raw;
    const at = urlLocator(op, url);
    const problems: RuleProblem[] = [];
    const m = ABSOLUTE.exec(url);
    if (!m) {
      const message = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)
        ? `\`${url}\` is not an http or https URL`
        : `\`${url}\` is not an absolute URL: give the API's base URL (\`https://…\`)`;
      return [at(0, message)];
    }
    const scheme = m[1].toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') problems.push(at(0, `\`${m[1]}:\` is not http or https`));
    const authority = m[2];
    const hostAt = m[1].length + 3;
    if (authority === '') problems.push(at(hostAt, `\`${url}\` has no host`));
    if (authority.includes('@')) problems.push(at(hostAt, 'The URL must not carry credentials (`user@`): the gateway attaches them'));
    if (/[{}]/.test(authority)) problems.push(at(hostAt + authority.search(/[{}]/), 'A `{…}` in the host is not a path parameter: give the server variable its value'));
    else if (authority !== '' && !authority.includes('@')) {
      const host = authority;
      const verdict = classifyHost(host);
      // A documentation host (`api.example.com`) is refused at conversion until a base URL is
      // given; here it may be the user's own choice of one (a sandbox, a test double).
      if (verdict && verdict.kind !== 'placeholder') problems.push(at(hostAt, `${HOST_PROBLEM}${host}\` ${verdict.why}: it cannot be the API's; give the API's base URL`));
      else if (/[^\x00-\x7f]/.test(host)) problems.push(at(hostAt, `${HOST_PROBLEM}${host}\` is not in its ASCII form: write it \`${hostToAscii(host) ?? host}\``));
    }

    const rest = url.slice(m[0].length);
    const restAt = m[0].length;
    const query = rest.indexOf('?');
    const fragment = rest.indexOf('#');
    if (query >= 0 && (fragment < 0 || query < fragment)) problems.push(at(restAt + query, 'The URL has a query string: name query parameters in `query` instead'));
    if (fragment >= 0) problems.push(at(restAt + fragment, 'The URL has a fragment (`#…`), which is never sent'));
    const space = url.search(/[\s\u0000-\u001f\u007f]/);
    if (space >= 0) problems.push(at(space, `The URL holds ${url[space] === ' ' ? 'a space' : 'a space or control character'}: percent-encode it (\`%20\`)`));

    const pathEnd = [query, fragment].filter((i) => i >= 0);
    const path = pathEnd.length > 0 ? rest.slice(0, Math.min(...pathEnd)) : rest;
    const seen = new Set<string>();
    let offset = restAt;
    for (const segment of path.split('/')) {
      const parsed = segment.includes('{') || segment.includes('}') ? parseSegment(segment) : { parts: [{ literal: segment }] };
      if ('fault' in parsed) {
        problems.push(at(offset + parsed.fault.at, `\`${segment}\`: ${FAULTS[parsed.fault.kind]}`));
      } else {
        let partAt = offset;
        for (const part of parsed.parts) {
          if ('name' in part) {
            if (seen.has(part.name)) problems.push(at(partAt, `\`{${part.name}}\` appears twice in the URL: path parameter names must be unique`));
            seen.add(part.name);
            partAt += part.name.length + 2;
            continue;
          }
          const bad = /%(?![0-9A-Fa-f]{2})/.exec(part.literal);
          if (bad) problems.push(at(partAt + bad.index, `\`${segment}\` holds a \`%\` that is not valid percent-encoding (\`%\` and two hex digits; \`%25\` for a percent sign)`));
          partAt += part.literal.length;
        }
      }
      offset += segment.length + 1;
    }
    return problems;
  },
};

/** Position of a character of the URL in the file, when its value sits on one line as written. */
function urlLocator(op: OperationFile, url: string): (index: number, message: string) => RuleProblem {
  let start: { line: number; column: number } | null | undefined;
  const find = () => {
    const value = op.frontmatter?.valuePosition('/operation/url');
    if (!value) return null;
    // The value's line, found from the start (splitting the file would copy its whole schema).
    let from = 0;
    for (let l = 1; l < value.line && from !== -1; l++) {
      const nl = op.text.indexOf('\n', from);
      from = nl === -1 ? -1 : nl + 1;
    }
    const to = from === -1 ? -1 : op.text.indexOf('\n', from);
    const line = from === -1 ? '' : op.text.slice(from, to === -1 ? op.text.length : to);
    const col = value.column - 1;
    if (line.startsWith(url, col)) return value;
    if ((line[col] === '"' || line[col] === "'") && line.startsWith(url, col + 1)) return { line: value.line, column: value.column + 1 };
    return null;
  };
  return (index, message) => {
    if (start === undefined) start = find();
    const pos = start ? { line: start.line, column: start.column + index } : op.position('/operation/url');
    return located(pos, message, '/operation/url');
  };
}
