import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { headerLineFault } from '../call/check-arguments';
import { callCredentials } from '../call/credentials';
import type { Manifest } from '../skill/manifest';
import type { OperationFile } from '../skill/operation-file';
import { pathParameterNames } from '../skill/url-template';
import { argumentProperties, didYouMean, isFlat, rawList, schemaFormArguments, valueShapes } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/** RFC 9110's field name: a token. */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * SPEC 7.1: the headers a declaration may not send, in lower case: credentials (the
 * gateway attaches them) and what the platform sets itself (`Idempotency-Key`: the host owns
 * idempotency).
 */
const FORBIDDEN: Readonly<Record<string, string>> = {
  authorization: 'a credential, which the gateway attaches',
  'proxy-authorization': 'a credential, which the gateway attaches',
  cookie: 'a credential, which the gateway attaches',
  'content-type': 'set by the platform from `content-type`',
  'content-length': 'set by the platform from the body',
  host: 'set by the platform from the URL',
  'idempotency-key': 'set by the platform, which owns idempotency',
};

/**
 * SPEC 7.1, 7.4 `headers`: the header arguments (`header`) and fixed headers (`headers`).
 * Each name is an HTTP field name, named once (names compare case-insensitively), and not
 * one SPEC 7.1 forbids; a `header` name is an argument, not also a path or query parameter
 * (a `body-argument` in `header` is `body-argument`'s to report), of a scalar type or a list of scalars (joined with `, `); `headers` is a mapping whose
 * values are strings of Latin-1 text on one line. A header that SKILL.md's Authentication
 * section names as a security scheme's (as conversion writes it) is reported by the package
 * check, so the file's own results stay cached while SKILL.md changes.
 */
export const headers: FileRule = {
  id: 'headers',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || (d.raw.header === undefined && d.raw.headers === undefined)) return [];
    const problems: RuleProblem[] = [];
    const seen = new Map<string, string>();
    const name = (header: string, pointer: string, where: string): boolean => {
      if (!FIELD_NAME.test(header)) {
        problems.push(atKey(op, pointer, `\`${header}\` in ${where} is not a header name (letters, digits and \`!#$%&'*+-.^_\`|~\`, no spaces or colons)`));
        return false;
      }
      const lower = header.toLowerCase();
      const why = FORBIDDEN[lower];
      if (why !== undefined) {
        problems.push(atKey(op, pointer, `\`${header}\` in ${where} is ${why}: an operation may not send it`));
        return false;
      }
      const before = seen.get(lower);
      if (before !== undefined) {
        problems.push(atKey(op, pointer, `The header \`${header}\` is already named in ${before}: a header is sent once`));
        return false;
      }
      seen.set(lower, where);
      return true;
    };

    const args = schemaFormArguments(d);
    const props = argumentProperties(d);
    const path = new Set(pathParameterNames(d.url));
    const query = new Set(d.lists.query);
    for (const { name: arg, index } of rawList(d.raw, 'header')) {
      const at = `/operation/header/${index}`;
      if (!name(arg, at, '`header`')) continue;
      // In the flat form a name in two places is `name-once`'s.
      const flat = isFlat(d);
      if (!flat && path.has(arg)) {
        problems.push(atKey(op, at, `\`${arg}\` is a path parameter (\`{${arg}}\` in the URL) and must not also be in \`header\``));
        continue;
      }
      if (!flat && query.has(arg)) {
        problems.push(atKey(op, at, `\`${arg}\` is in \`query\` and also in \`header\`: an argument goes in one place`));
        continue;
      }
      // The flat form makes every `header` name an argument, a string or a list of them.
      if (flat || !props) continue;
      if (!Object.hasOwn(props, arg)) {
        problems.push(atKey(op, at, `\`${arg}\` in \`header\` is not an argument of the schema${didYouMean(arg, Object.keys(props))}`));
        continue;
      }
      if (args && !isHeaderValue(valueShapes(props[arg], ctx.types))) {
        problems.push(atSchema(op, joinPointer('/properties', arg), `The header argument \`${arg}\` must be a scalar (string, integer, number, boolean) or a list of scalars (sent joined with \`, \`)`));
      }
    }

    const fixed = d.raw.headers;
    if (fixed !== undefined) {
      if (!isPlainObject(fixed)) {
        problems.push(atKey(op, '/operation/headers', '`headers` must be a mapping of header name to the value sent with every call (`Notion-Version: "2022-06-28"`)'));
        return problems;
      }
      for (const [header, value] of Object.entries(fixed)) {
        const at = joinPointer('/operation/headers', header);
        if (!name(header, at, '`headers`')) continue;
        if (typeof value !== 'string') {
          problems.push(atKey(op, at, `The fixed header \`${header}\` must have a string value (quote it: \`${header}: "${String(JSON.stringify(value) ?? value).replace(/^"|"$/g, '')}"\`)`));
          continue;
        }
        const fault = headerTextFault(value);
        if (fault) problems.push(atKey(op, at, `The fixed header \`${header}\` ${fault}`));
      }
    }
    return problems;
  },
  checkPackage(pkg) {
    const schemes = schemeHeaders(pkg.manifest);
    if (schemes.size === 0) return [];
    const problems: RuleProblem[] = [];
    for (const op of pkg.operations) {
      const d = op.declaration;
      if (!d || (d.raw.header === undefined && d.raw.headers === undefined)) continue;
      for (const found of credentialHeaders(op, schemes)) problems.push(found);
    }
    return problems;
  },
};

/** Whether an argument's shapes can be sent as a header: scalars, or a list of them. */
function isHeaderValue(shapes: ReturnType<typeof valueShapes>): boolean {
  if (shapes === 'any') return false;
  return [...shapes].every((k) => k === 'scalar' || k === 'null' || k === 'scalar-list') && [...shapes].some((k) => k !== 'null');
}

/** What is wrong with a header value as text: it must be Latin-1 on one line (what `fetch` sends). */
export function headerTextFault(text: string): string | undefined {
  const line = headerLineFault(text);
  if (line !== undefined) return line;
  if (text !== text.trim()) return 'must not start or end with a space: it would be trimmed';
  return undefined;
}

const schemeCache = new WeakMap<Manifest, Map<string, string>>();

/** The header names SKILL.md's Authentication section gives security schemes, lower case, to the scheme's name. */
function schemeHeaders(manifest: Manifest | undefined): Map<string, string> {
  if (!manifest) return new Map();
  let found = schemeCache.get(manifest);
  if (!found) {
    found = new Map();
    for (const c of callCredentials(manifest.text)) if (c.in === 'header' && !found.has(c.name.toLowerCase())) found.set(c.name.toLowerCase(), c.scheme);
    schemeCache.set(manifest, found);
  }
  return found;
}

function credentialHeaders(op: OperationFile, schemes: Map<string, string>): RuleProblem[] {
  const d = op.declaration!;
  const problems: RuleProblem[] = [];
  const report = (header: string, pointer: string, where: string) => {
    const scheme = schemes.get(header.toLowerCase());
    if (scheme === undefined || FORBIDDEN[header.toLowerCase()] !== undefined) return;
    problems.push({ ...atKey(op, pointer, `\`${header}\` in ${where} carries the credential of the security scheme \`${scheme}\` (SKILL.md, Authentication), which the gateway attaches: an operation may not send it`), file: op.file });
  };
  for (const { name, index } of rawList(d.raw, 'header')) report(name, `/operation/header/${index}`, '`header`');
  if (isPlainObject(d.raw.headers)) for (const header of Object.keys(d.raw.headers)) report(header, joinPointer('/operation/headers', header), '`headers`');
  return problems;
}
