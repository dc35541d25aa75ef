import { problem, type Problem } from '../core/problem';
import type { CurationRecord } from '../convert/model';
import { codeSpan } from '../skill/markdown';
import { didYouMean } from '../rules/facts';
import { normalResource, operationResources } from './resources';

/**
 * What to keep of a generated skill, chosen by the spec's own facts about each operation:
 * the CLI's `convert --include-tags … --exclude-tags … --include-paths … --exclude-paths …
 * --include-resources … --exclude-resources … --exclude-deprecated --read-only`. The same
 * filters the conversion records in `metadata.generated-with`, so an update applies them again.
 */
export type CurationChoices = CurationRecord;

/** What curation knows of an operation: the import report's facts about it (`ReportOperation`). */
export interface CurationSubject {
  file: string;
  method: string;
  /** The path template as the spec writes it (`/pets/{petId}`). */
  path: string;
  tags: readonly string[];
  deprecated?: boolean;
  /** The safety in force of a declared operation; absent for one written prose-only, which no grant calls as a tool. */
  safetyInForce?: string;
}

/** Which operations the choices leave out, and why; and the choices that matched nothing. */
export interface Chosen {
  /** Operation file to the reasons it is left out (one per choice that leaves it out). */
  leftOut: Map<string, string[]>;
  /** A tag or path pattern given that no operation has: most likely a typo (warnings, with the closest one). */
  problems: Problem[];
}

const list = (values: readonly string[]) => values.map((v) => codeSpan(v)).join(', ');

/**
 * Whether a path template matches a pattern of `--include-paths` / `--exclude-paths`. A
 * pattern with `*` or `?` is a glob over the whole path: `*` any characters within one
 * segment, `**` any characters across segments, `?` one character but `/`. Any other pattern
 * is a prefix ending at a segment boundary: `/pets` matches `/pets` and `/pets/{petId}`, not
 * `/petstore`. A pattern without a leading `/` gets one. Case matters, as in the spec's paths.
 */
export function matchesPathPattern(pattern: string, path: string): boolean {
  const p = rooted(pattern);
  if (!/[*?]/.test(p)) {
    const prefix = withoutTrailingSlash(p);
    return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
  }
  return globMatches(p, path);
}

/** A pattern as the spec writes paths: with a leading `/` (a glob may start with `*` instead). */
function rooted(pattern: string): string {
  return pattern.startsWith('/') || pattern.startsWith('*') ? pattern : `/${pattern}`;
}

/** `/pets/` as `/pets`; `/` stays. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Whether a path matches a path typed in the wizard's operations filter: without `*` or `?`,
 * that path exactly (`/v1/customers` is not `/v1/customers/{customer}`); with them, the glob
 * of `matchesPathPattern`, where a pattern ending in `/**` also matches the path before it
 * (`/v1/customers/**` is `/v1/customers` and everything under it). A parameter matches a
 * parameter whatever its name (`/v1/customers/{id}` finds `/v1/customers/{customer}`), and
 * case is ignored: a person searching, not an option naming the spec's paths.
 */
export function matchesPathQuery(pattern: string, path: string): boolean {
  const plain = (s: string) => s.toLowerCase().replace(/\{[^}/]*\}/g, '{}');
  const p = plain(rooted(pattern));
  const target = plain(path);
  if (!/[*?]/.test(p)) return target === withoutTrailingSlash(p);
  if (p.endsWith('/**') && target === (p.slice(0, -3) || '/')) return true;
  return globMatches(p, target);
}

type GlobToken = { kind: 'text'; char: string } | { kind: 'one' } | { kind: 'segment' } | { kind: 'any' };

/** The glob of `matchesPathPattern`, matched in O(pattern × path) steps (no regular expression, no backtracking). */
function globMatches(pattern: string, path: string): boolean {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      tokens.push({ kind: 'any' });
      while (pattern[i + 1] === '*') i++;
    } else if (c === '*') tokens.push({ kind: 'segment' });
    else if (c === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'text', char: c });
  }
  // can[j]: the tokens so far match the first j characters of the path.
  let can = new Array<boolean>(path.length + 1).fill(false);
  can[0] = true;
  for (const t of tokens) {
    const next = new Array<boolean>(path.length + 1).fill(false);
    for (let j = 0; j <= path.length; j++) {
      if (t.kind === 'any' || t.kind === 'segment') {
        // A star matches nothing, or one more character (any, or any but `/`).
        next[j] = can[j] || (j > 0 && next[j - 1] && (t.kind === 'any' || path[j - 1] !== '/'));
      } else if (j > 0 && can[j - 1]) {
        next[j] = t.kind === 'one' ? path[j - 1] !== '/' : path[j - 1] === t.char;
      }
    }
    can = next;
  }
  return can[path.length];
}

/**
 * The operations the choices leave out, each with every reason that applies (SPEC 4.7's
 * report lists them). The same choices on the same operations give the same answer,
 * whoever asks: the CLI at conversion, or a test holding the wizard to it.
 */
export function chooseOperations(subjects: readonly CurationSubject[], choices: CurationChoices, specPaths: readonly string[] = []): Chosen {
  const includeTags = choices.includeTags ?? [];
  const excludeTags = choices.excludeTags ?? [];
  const includePaths = choices.includePaths ?? [];
  const excludePaths = choices.excludePaths ?? [];
  const includeResources = (choices.includeResources ?? []).map(normalResource);
  const excludeResources = (choices.excludeResources ?? []).map(normalResource);
  const resources = resourcesOf(subjects, specPaths);
  const leftOut = new Map<string, string[]>();
  for (const s of subjects) {
    const reasons: string[] = [];
    if (includeTags.length > 0 && !s.tags.some((t) => includeTags.includes(t))) {
      reasons.push(s.tags.length === 0 ? `it has no tag, and only operations tagged ${list(includeTags)} are kept` : `its tags (${list(s.tags)}) are not among the kept ones (${list(includeTags)})`);
    }
    const excludedTags = s.tags.filter((t) => excludeTags.includes(t));
    if (excludedTags.length > 0) reasons.push(`it is tagged ${list(excludedTags)}, which is left out`);
    if (includePaths.length > 0 && !includePaths.some((p) => matchesPathPattern(p, s.path))) {
      reasons.push(`its path ${codeSpan(s.path)} matches none of the kept paths (${list(includePaths)})`);
    }
    const excludedBy = excludePaths.filter((p) => matchesPathPattern(p, s.path));
    if (excludedBy.length > 0) reasons.push(`its path ${codeSpan(s.path)} matches ${list(excludedBy)}, which is left out`);
    const resource = resources.get(s.path)!;
    if (includeResources.length > 0 && !includeResources.includes(resource)) {
      reasons.push(`its resource ${codeSpan(resource)} is not among the kept ones (${list(includeResources)})`);
    }
    if (excludeResources.includes(resource)) reasons.push(`its resource ${codeSpan(resource)} is left out`);
    if (choices.excludeDeprecated && s.deprecated) reasons.push('it is deprecated, and deprecated operations are left out');
    if (choices.readOnly && s.safetyInForce !== 'safe') reasons.push(s.safetyInForce === undefined ? 'it is not declared as a tool, and only safe operations are kept' : `it is ${s.safetyInForce}, and only safe operations are kept`);
    if (reasons.length > 0) leftOut.set(s.file, reasons);
  }
  return { leftOut, problems: unmatched(subjects, choices, resources) };
}

/** Each subject's resource, grouped over every path of the spec when given (the wizard lists skipped operations too), else over the subjects'. */
function resourcesOf(subjects: readonly CurationSubject[], specPaths: readonly string[]): Map<string, string> {
  return operationResources([...specPaths, ...subjects.map((s) => s.path)]);
}

/** A warning for each tag or path pattern given that no operation has: a choice that does nothing is most likely a typo. */
function unmatched(subjects: readonly CurationSubject[], choices: CurationChoices, resources: ReadonlyMap<string, string>): Problem[] {
  const tags = [...new Set(subjects.flatMap((s) => s.tags))];
  const paths = [...new Set(subjects.map((s) => s.path))];
  const problems: Problem[] = [];
  for (const [option, values] of [['include-tags', choices.includeTags], ['exclude-tags', choices.excludeTags]] as const) {
    for (const tag of values ?? []) {
      if (tags.includes(tag)) continue;
      problems.push(problem('curation-unmatched', 'warning', `--${option} names ${codeSpan(tag)}, a tag no operation has${didYouMean(tag, tags)}`, ''));
    }
  }
  for (const [option, values] of [['include-paths', choices.includePaths], ['exclude-paths', choices.excludePaths]] as const) {
    for (const pattern of values ?? []) {
      if (subjects.some((s) => matchesPathPattern(pattern, s.path))) continue;
      problems.push(problem('curation-unmatched', 'warning', `--${option} names ${codeSpan(pattern)}, which matches no operation's path${pathHint(pattern, paths)}`, ''));
    }
  }
  const known = [...new Set(subjects.map((s) => resources.get(s.path)!))];
  for (const [option, values] of [['include-resources', choices.includeResources], ['exclude-resources', choices.excludeResources]] as const) {
    for (const resource of values ?? []) {
      if (known.includes(normalResource(resource))) continue;
      problems.push(problem('curation-unmatched', 'warning', `--${option} names ${codeSpan(resource)}, a resource no operation has${didYouMean(normalResource(resource), known)}`, ''));
    }
  }
  return problems;
}

/** Templates shown in a hint; the rest are counted. */
const MAX_TEMPLATES = 3;

/**
 * Why a path pattern without `*` or `?` matched nothing, where it can be told: a pattern
 * names the spec's path templates, so a request path (`/users/me`), or a template whose
 * parameter is named otherwise (`/users/{id}`), names no operation; the templates it fits
 * (`/users/{user_gid}`) are named. Else the closest path.
 */
function pathHint(pattern: string, paths: readonly string[]): string {
  if (/[*?]/.test(pattern)) return '';
  const named = templatesFitting(pattern, paths);
  if (named.length === 0) return didYouMean(pattern, paths);
  const more = named.length > MAX_TEMPLATES ? ` and ${named.length - MAX_TEMPLATES} more` : '';
  return `; patterns name the spec's path templates, and it fits ${list(named.slice(0, MAX_TEMPLATES))}${more}`;
}

/**
 * The path templates (or the first segments of them) that a request path fits, sorted:
 * `/users/me` fits `/users/{user_gid}`, from `/users/{user_gid}` and from
 * `/users/{user_gid}/tasks` alike. For a person who typed the path a request goes to.
 */
export function templatesFitting(requestPath: string, paths: readonly string[]): string[] {
  const wanted = withoutTrailingSlash(rooted(requestPath)).split('/').slice(1);
  const templates = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/').slice(1);
    if (segments.length >= wanted.length && wanted.every((w, i) => fitsSegment(segments[i], w))) templates.add(`/${segments.slice(0, wanted.length).join('/')}`);
  }
  return [...templates].sort();
}

/**
 * Whether a request puts `segment` where a template has `template` (`{Sid}.json` takes any
 * `….json`): each parameter one character or more. Each literal between parameters is taken
 * where it is first found, which leaves the most for the rest; no backtracking.
 */
function fitsSegment(template: string, segment: string): boolean {
  const literals = template.split(/\{[^{}/]*\}/);
  if (literals.length === 1) return template === segment;
  const last = literals[literals.length - 1];
  if (!segment.startsWith(literals[0])) return false;
  let at = literals[0].length;
  for (let i = 1; i < literals.length - 1; i++) {
    const found = segment.indexOf(literals[i], at + 1);
    if (found === -1) return false;
    at = found + literals[i].length;
  }
  return segment.length - last.length > at && segment.endsWith(last);
}
