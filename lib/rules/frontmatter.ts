import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import type { Problem } from '../core/problem';
import type { Position } from '../skill/frontmatter';
import { MANIFEST_KEYS, type Manifest } from '../skill/manifest';
import { FILE_KEYS, LIST_KEYS, OPERATION_KEYS } from '../skill/operation-file';
import { didYouMean } from './facts';
import { located, type FileRule, type RuleProblem } from './rule';

const APPROVAL_KEYS = ['matches', 'binds'] as const;
const MANIFEST_STRING_KEYS = ['license', 'compatibility'] as const;

type At = (pointer: string) => Position;

/**
 * SPEC 5 `frontmatter`: the YAML parses; `operation` and `approval` are mappings; list keys
 * are lists of strings (errors); keys the format does not know are warnings (case
 * `unknown-key`), with the nearest known key suggested. In SKILL.md: the known top-level
 * keys (SPEC 1.1), `metadata` a mapping of string to string.
 */
export const frontmatter: FileRule = {
  id: 'frontmatter',
  scope: 'file',
  check(op) {
    const problems = fromParse(op.problems);
    const at: At = (p) => op.position(p);
    unknownKeys(op.data, '', FILE_KEYS, 'an operation file\'s frontmatter', at, problems);
    if (op.data.operation !== undefined) {
      if (!isPlainObject(op.data.operation)) problems.push(located(at('/operation'), '`operation` must be a mapping of `method`, `url` and the arguments', '/operation'));
      else {
        unknownKeys(op.data.operation, '/operation', OPERATION_KEYS, 'an operation block', at, problems);
        for (const key of LIST_KEYS) stringList(op.data.operation, '/operation', key, at, problems);
      }
    }
    if (op.data.approval !== undefined) {
      if (!isPlainObject(op.data.approval)) problems.push(located(at('/approval'), '`approval` must be a mapping of `matches` and `binds`', '/approval'));
      else {
        unknownKeys(op.data.approval, '/approval', APPROVAL_KEYS, 'an approval block', at, problems);
        stringList(op.data.approval, '/approval', 'binds', at, problems);
      }
    }
    return problems;
  },
  checkPackage(pkg) {
    return pkg.manifest ? checkManifest(pkg.manifest) : [];
  },
};

const manifestCache = new WeakMap<Manifest, RuleProblem[]>();

function checkManifest(m: Manifest): RuleProblem[] {
  const hit = manifestCache.get(m);
  if (hit) return hit;
  const problems = fromParse(m.problems).map((p) => ({ ...p, file: m.file }));
  const at: At = (p) => m.position(p);
  const own: RuleProblem[] = [];
  unknownKeys(m.data, '', MANIFEST_KEYS, 'SKILL.md\'s frontmatter (an Agent Skill allows `name`, `description`, `license`, `compatibility` and `metadata`)', at, own);
  for (const key of MANIFEST_STRING_KEYS) {
    if (m.data[key] !== undefined && typeof m.data[key] !== 'string') own.push(located(at(`/${key}`), `\`${key}\` must be a string`, `/${key}`));
  }
  const meta = m.data.metadata;
  if (meta !== undefined) {
    if (!isPlainObject(meta)) own.push(located(at('/metadata'), '`metadata` must be a mapping of string to string', '/metadata'));
    else {
      for (const key of Object.keys(meta)) {
        const p = joinPointer('/metadata', key);
        if (typeof meta[key] !== 'string') own.push(located(at(p), `\`metadata\` value \`${key}\` must be a string (quote it)`, p));
      }
    }
  }
  const all = [...problems, ...own.map((p) => ({ ...p, file: m.file }))];
  manifestCache.set(m, all);
  return all;
}

/** The reader's YAML problems (already `frontmatter`, already located) as this rule's. */
function fromParse(parsed: readonly Problem[]): RuleProblem[] {
  return parsed.map((p) => {
    const r: RuleProblem = { message: p.message };
    if (p.line !== undefined) r.line = p.line;
    if (p.column !== undefined) r.column = p.column;
    if (p.pointer !== undefined) r.pointer = p.pointer;
    return r;
  });
}

function unknownKeys(map: Record<string, unknown>, base: string, known: readonly string[], where: string, at: At, out: RuleProblem[]): void {
  for (const key of Object.keys(map)) {
    if (known.includes(key)) continue;
    const p = joinPointer(base, key);
    out.push(located(at(p), `\`${key}\` is not a key of ${where}${didYouMean(key, known)}`, p, 'unknown-key'));
  }
}

function stringList(map: Record<string, unknown>, base: string, key: string, at: At, out: RuleProblem[]): void {
  const value = map[key];
  if (value === undefined) return;
  const p = joinPointer(base, key);
  if (!Array.isArray(value)) {
    out.push(located(at(p), `\`${key}\` must be a list of names (\`${key}: [a, b]\`)`, p));
    return;
  }
  value.forEach((item, i) => {
    if (typeof item === 'string') return;
    const ip = joinPointer(p, i);
    const shown = item === null ? 'null' : typeof item === 'object' ? (Array.isArray(item) ? 'a list' : 'a mapping') : `\`${String(item)}\` (quote it)`;
    out.push(located(at(ip), `Item ${i + 1} of \`${key}\` must be a name (a string), not ${shown}`, ip));
  });
}
