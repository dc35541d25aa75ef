import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { parseSkillPackage, packageFiles, type SkillFiles, type SkillPackage } from '../skill/package';
import type { OperationFile } from '../skill/operation-file';
import { replaceCallSection, stripGeneratedCallSection } from '../skill/prose';
import { publishTools } from '../publish/publish';
import { generateCallSection } from './call-section';
import { readSkillZip, writeSkillZip } from './zip';
import { checkSkillEntry, MAX_NAME_PROBLEMS } from './zip/policy';
import { decodeText } from '../core/decode-text';
import { toWellFormed } from '../core/well-formed';

export const TOOLS_FILE = 'tools.json';

/** The text of an operation file with its prose replaced, frontmatter kept byte for byte. */
function withProse(text: string, prose: string, newProse: string): string {
  return text.slice(0, text.length - prose.length) + newProse;
}

/**
 * The files of an exported skill (SPEC 4.6): every file with an operation block gets its
 * `## The call` section generated from the declaration; `tools.json` is added on request.
 * Each file is exported as importing it will read it: a lone surrogate (which
 * `lone-surrogates` reports) as U+FFFD, as UTF-8 writes it, and no leading byte order mark
 * (`decodeText` drops one); tools.json is published from the files as the bundle holds them.
 */
export function exportFiles(given: SkillPackage, options: { tools?: boolean } = {}): SkillFiles {
  const pkg = wellFormed(given);
  const out = packageFiles(pkg);
  for (const op of pkg.operations) {
    const text = exportedText(op);
    if (text !== op.text) out.files.set(op.file, text);
  }
  if (options.tools) out.files.set(TOOLS_FILE, `${JSON.stringify(publishTools(pkg), null, 2)}\n`);
  return out;
}

/** The package read again from its files as a bundle will give them back (`exportFiles`); itself when that changes nothing. */
function wellFormed(pkg: SkillPackage): SkillPackage {
  const { folder, files } = packageFiles(pkg);
  const asRead = (text: string) => toWellFormed(text.startsWith('\ufeff') ? text.slice(1) : text);
  if ([...files.values()].every((text) => asRead(text) === text)) return pkg;
  for (const [path, text] of files) files.set(path, asRead(text));
  return parseSkillPackage({ folder, files });
}

/** One operation file as the bundle holds it: with "The call" generated from its declaration (SPEC 4.6). */
export function exportedText(op: OperationFile): string {
  if (!op.declaration) return op.text;
  const section = generateCallSection(op.declaration);
  if (section === undefined) return op.text;
  return withProse(op.text, op.prose, replaceCallSection(op.prose, section));
}

/** The skill as a `.zip` bundle: one folder, fixed order and timestamps (SPEC 1). */
export function exportBundle(pkg: SkillPackage, options: { tools?: boolean } = {}): Uint8Array {
  const files = exportFiles(pkg, options);
  return writeSkillZip(files.folder, files.files);
}

/**
 * The files of an imported skill: generated `## The call` sections stripped again from
 * files with an operation block (exactly the section export appends, so export, import and
 * export again give the same bytes), and a generated `tools.json` left out.
 */
export function importFiles(input: SkillFiles): SkillFiles {
  const files = new Map<string, string>();
  for (const [path, text] of input.files) {
    if (path === TOOLS_FILE) continue;
    files.set(path, text);
  }
  const pkg = parseSkillPackage({ folder: input.folder, files });
  for (const op of pkg.operations) {
    if (!op.declaration) continue;
    // Export adds a section only where the declaration gives one; elsewhere there is nothing to take off.
    const section = generateCallSection(op.declaration);
    if (section === undefined) continue;
    const stripped = stripGeneratedCallSection(op.prose, section);
    if (stripped !== op.prose) files.set(op.file, withProse(op.text, op.prose, stripped));
  }
  return { folder: input.folder, files };
}

/** Read a `.zip` bundle into skill files (SPEC 1, 6): refused whole on any unsafe entry. */
export function importBundle(bytes: Uint8Array): Result<SkillFiles> {
  const read = readSkillZip(bytes);
  if (!read.ok) return fail(read.problems);
  // Every entry is one the skill format names: nothing is dropped without a word.
  const entries = [...read.value.files.keys()].map(checkSkillEntry).filter((p): p is Problem => p !== undefined);
  if (entries.length > 0) return fail(entries.slice(0, MAX_NAME_PROBLEMS));
  const problems: Problem[] = [];
  const files = new Map<string, string>();
  for (const [path, data] of read.value.files) {
    const text = decodeText(path, data);
    if (text.ok) files.set(path, text.value);
    else problems.push(...text.problems);
  }
  if (problems.length > 0) return fail(problems);
  if (files.size === 0) return fail([problem('zip-empty', 'error', 'The bundle holds no files', read.value.folder)]);
  return ok(importFiles({ folder: read.value.folder, files }));
}

