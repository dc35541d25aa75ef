import { words } from '../core/words';
import type { OperationFile } from '../skill/operation-file';
import { firstParagraph, firstParagraphLine } from '../skill/prose';
import { proseStartLine } from './facts';
import type { PackageRule, RuleProblem } from './rule';

/** What a description is checked against: the names and the request it must tell apart. */
export interface DescribedTool {
  /** The file base name (`create_payment`), which is the alias and the end of the tool name. */
  base: string;
  method: string;
  /** The operation's URL, or its path. */
  url: string;
}

/** Words that add nothing to a method and a path (`Deprecated. Calls GET /pets.`). */
const FILLER = new Set(['deprecated', 'calls', 'call', 'the', 'a', 'an', 'to', 'on', 'at', 'endpoint', 'operation', 'request', 'api', 'http', 'https']);
const MIN_WORDS = 3;

/**
 * Why a tool's description (the first paragraph, SPEC 1.2) gives a model nothing to choose
 * the tool by, or undefined: it is the tool's own name in words, it says only
 * the method and path, or it is under three words. Pure, for the rule and the import report.
 */
export function descriptionFault(description: string, tool: DescribedTool): string | undefined {
  // A conversion asks of each operation three times (its prose, the report, the rule).
  const key = `${tool.base}\u0000${tool.method}\u0000${tool.url}\u0000${description}`;
  const known = faults.get(key);
  if (known !== undefined) return known ?? undefined;
  const fault = findFault(description, tool);
  // Bounded: a worker checks skill after skill.
  if (faults.size >= 20_000) faults.clear();
  faults.set(key, fault ?? null);
  return fault;
}

/** `descriptionFault`'s answers by what it was asked (null for none). */
const faults = new Map<string, string | null>();

function findFault(description: string, tool: DescribedTool): string | undefined {
  const said = words(description);
  if (said.length === 0) return undefined; // `description` reports an empty one
  if (said.join(' ') === words(tool.base).join(' ')) return 'is only the tool\'s name';
  const path = tool.url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '');
  const request = new Set([...words(tool.method), ...words(path)]);
  if (said.every((w) => request.has(w) || FILLER.has(w))) return 'says only its method and path';
  if (description.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length < MIN_WORDS) return `is under ${MIN_WORDS} words`;
  return undefined;
}

/** The key under which two descriptions count as the same: case, spacing and final punctuation aside. */
export function descriptionKey(description: string): string {
  return description.toLowerCase().replace(/\s+/g, ' ').trim().replace(/[.!:;\s]+$/, '');
}

/** A tool whose description fails, and why: its own fault, or the file whose description it repeats. */
export interface DescriptionFinding {
  index: number;
  fault?: string;
  sameAs?: number;
}

/**
 * Every tool of a skill whose description gives a model nothing to choose it by: each one's
 * `descriptionFault`, then descriptions the same as another's (`descriptionKey`), each of a
 * clash naming another (the first the second, later ones the first). In input order.
 */
export function descriptionFindings(tools: readonly (DescribedTool & { description: string; key?: string; fault?: string | null })[]): DescriptionFinding[] {
  const found: DescriptionFinding[] = [];
  // The first tool of each description, then every later one that repeats it.
  const first = new Map<string, number>();
  const clashes: [number, number][] = [];
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i];
    const fault = t.fault === undefined ? descriptionFault(t.description, t) : (t.fault ?? undefined);
    if (fault) {
      found.push({ index: i, fault });
      continue;
    }
    if (t.description === '') continue;
    const key = t.key ?? descriptionKey(t.description);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else clashes.push([i, seen]);
  }
  if (clashes.length === 0) return found;
  const named = new Set<number>();
  for (const [i, seen] of clashes) {
    found.push({ index: i, sameAs: seen });
    if (!named.has(seen)) {
      named.add(seen);
      found.push({ index: seen, sameAs: i });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

interface Facts extends DescribedTool {
  description: string;
  key: string;
  /** null when there is none, so `descriptionFindings` does not look again. */
  fault: string | null;
  line: number;
}

const facts = new WeakMap<OperationFile, Facts | null>();

function factsOf(op: OperationFile): Facts | undefined {
  const hit = facts.get(op);
  if (hit !== undefined) return hit ?? undefined;
  const d = op.declaration;
  const description = d ? firstParagraph(op.prose) : '';
  let found: Facts | null = null;
  if (d && description !== '') {
    const tool = { base: op.file.replace(/\.md$/, ''), method: d.method, url: d.url };
    const fault = descriptionFault(description, tool);
    found = { ...tool, description, key: descriptionKey(description), line: proseStartLine(op) + (firstParagraphLine(op.prose) ?? 1) - 1, fault: fault ?? null };
  }
  facts.set(op, found);
  return found ?? undefined;
}

const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** A finding in words: what is wrong with the description and what to do. */
export function findingMessage(description: string, finding: DescriptionFinding, otherFile?: string): string {
  if (finding.fault) return `The tool's description ${quote(description)} ${finding.fault}: a model chooses tools by their descriptions, so say what it does and when to use it`;
  return `The tool's description ${quote(description)} is the same as ${sameAsTail(otherFile ?? '')}`;
}

const sameAsTail = (otherFile: string) => `\`${otherFile}\`'s: a model cannot tell the two apart, so say how they differ`;

/** A clash's message (`findingMessage`'s, naming `was`) naming another file of the clash instead; one it did not write (a saved draft's) is kept. */
export function clashMessageNaming(message: string, was: string, otherFile: string): string {
  const tail = sameAsTail(was);
  return message.endsWith(tail) ? message.slice(0, message.length - tail.length) + sameAsTail(otherFile) : message;
}

/**
 * A model picks a tool by its description, so each one must say what the tool
 * does in words of its own. Warns on a declared operation whose description is its own
 * name, only its method and path, under three words, or the same as another tool's (each
 * file of a clash, naming another). A package rule: the clash needs every file; the rest is
 * memoized per parsed file.
 */
export const descriptionQuality: PackageRule = {
  id: 'description-quality',
  scope: 'package',
  check(pkg) {
    const ops: OperationFile[] = [];
    const tools: Facts[] = [];
    for (const op of pkg.operations) {
      const f = factsOf(op);
      if (!f) continue;
      ops.push(op);
      tools.push(f);
    }
    return descriptionFindings(tools).map((finding): RuleProblem => {
      const op = ops[finding.index];
      const f = tools[finding.index];
      return { file: op.file, line: f.line, column: 1, message: findingMessage(f.description, finding, finding.sameAs === undefined ? undefined : ops[finding.sameAs].file) };
    });
  },
};
