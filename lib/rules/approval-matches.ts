import { isPlainObject } from '../core/entries';
import { METHODS } from '../skill/operation-file';
import { parseSegment, urlPath } from '../skill/url-template';
import { methodOf } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.6: `matches` is a method and a path (`POST /charges`). In a file with an operation
 * block it matches that operation: the same method, and the same path as the URL's, segment
 * by segment, where `*` matches any one segment and `{a}` matches `{b}` (parameter names may
 * differ), inside a segment too (SPEC 7.1: `{Sid}.json` matches `{CallSid}.json`). The path is the URL's whole path: a gate on `/charges` does not cover
 * `https://api.example.com/v1/charges`, which the platform sees as `/v1/charges`.
 */
export const approvalMatches: FileRule = {
  id: 'approval-matches',
  scope: 'file',
  check(op) {
    const a = op.approval;
    if (!isPlainObject(a)) return [];
    const m = a.matches;
    if (m === undefined) return [atKey(op, '/approval', '`approval` has no `matches`: the method and path it gates (`matches: POST /charges`)')];
    const at = (message: string): RuleProblem[] => [atKey(op, '/approval/matches', message)];
    if (typeof m !== 'string') return at('`matches` must be a method and a path (`POST /charges`)');
    const parts = /^\s*(\S+)\s+(\S+)\s*$/.exec(m);
    if (!parts) return at(`\`${m}\` must be a method and a path (\`POST /charges\`)`);
    const [, method, path] = parts;
    if (!(METHODS as readonly string[]).includes(method)) return at(`\`${method}\` in \`matches\` is not one of GET, HEAD, POST, PUT, PATCH and DELETE`);
    if (!path.startsWith('/') || /[?#]/.test(path)) return at(`\`${path}\` in \`matches\` must be a path: it starts with \`/\` and has no query or fragment`);
    const d = op.declaration;
    if (!d || !methodOf(d) || d.url === '') return [];
    const opPath = urlPath(d.url);
    if (method !== d.method || !samePath(path, opPath)) return at(`\`matches\` is \`${method} ${path}\` but the operation is \`${d.method} ${opPath}\``);
    return [];
  },
};

function samePath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  return want.every((w, i) => w === '*' || w === have[i] || (w.includes('{') && segmentShape(w) !== undefined && segmentShape(w) === segmentShape(have[i])));
}

/** A segment with its parameters' names erased (`{Sid}.json` → `{}.json`; a literal holds no brace), or undefined when its braces are malformed. */
function segmentShape(segment: string): string | undefined {
  const parsed = parseSegment(segment);
  if (!('parts' in parsed)) return undefined;
  return parsed.parts.map((p) => ('name' in p ? '{}' : p.literal)).join('');
}
