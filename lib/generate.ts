import type { Problem } from './core/problem';
import { fail, ok, type Result } from './core/result';
import { convertSpec } from './convert/convert';
import { UNRESOLVED } from './convert/blockers';
import type { ConvertOptions, ConvertResult, SpecInput } from './convert/model';
import { refuseTooManyOperations, tooManyOperations } from './convert/operation-count';
import { curateConversion, type CurationChoices } from './curate';
import { loadSpec, type UploadedFile } from './openapi';

/** A spec as uploaded: its files and, when known, which one is the entry. */
export interface SpecUpload {
  files: UploadedFile[];
  entry?: string;
}

export interface GenerateOptions extends Omit<ConvertOptions, 'sha256' | 'curation'> {
  /** The curation by rule applied after the conversion (and recorded in SKILL.md's metadata). */
  curation?: CurationChoices;
  /**
   * Refuse a spec of more operations than a bundle holds (SPEC 6), once parsed and again
   * once loaded: whenever the skill is to become a bundle (the wizard, `--zip`).
   */
  bundleLimit: boolean;
  /**
   * SHA-256 (hex) of the entry file's text for `metadata.source-sha256`, when the caller has a
   * faster digest than lib's own (node:crypto, the browser's SubtleCrypto); lib computes it
   * when this gives undefined.
   */
  sha256?: (entryText: string) => string | undefined | Promise<string | undefined>;
}

/** A skill generated from a spec: the curated conversion, and what loading and curating said. */
export interface Generated {
  result: ConvertResult;
  /** The spec's own problems, found while loading (warnings: an error refuses the spec). */
  loadProblems: Problem[];
  /** What the curation's choices said (a tag no operation has, say). */
  curationProblems: Problem[];
  /** The spec as loaded, and the digest given for it: what an update to a newer spec starts from without reading it again. */
  spec: SpecInput;
  sha256?: string;
}

/**
 * The one pipeline from a spec to a skill, for the CLI and the wizard alike: load (refusing
 * what SPEC 6 refuses), convert, curate. Checking the package and writing it are the
 * callers': the CLI writes a folder, a zip and a report, the wizard opens a session.
 */
export async function generateSkill(upload: SpecUpload, options: GenerateOptions): Promise<Result<Generated>> {
  const { bundleLimit, sha256, curation, ...convertOptions } = options;
  const loaded = await loadSpec(upload.files, { entry: upload.entry, ...(bundleLimit ? { refuse: refuseTooManyOperations } : {}) });
  if (!loaded.ok) return fail(loaded.problems);
  const tooMany = bundleLimit ? tooManyOperations(loaded.value, loaded.value.entry) : undefined;
  if (tooMany) return fail([tooMany]);
  const digest = await sha256?.(loaded.value.entryText);
  // The skill's files cannot show what unresolved references left out; its metadata records how many there were.
  const unresolved = loaded.problems.filter((p) => UNRESOLVED.has(p.ruleId)).length;
  const converted = convertSpec(loaded.value, {
    ...convertOptions,
    ...(unresolved > 0 ? { unresolvedReferences: unresolved } : {}),
    ...(digest !== undefined ? { sha256: digest } : {}),
    ...(curation ? { curation } : {}),
  });
  const curated = curation ? curateConversion(converted, curation) : { result: converted, problems: [] };
  return ok({ result: curated.result, loadProblems: loaded.problems, curationProblems: curated.problems, spec: loaded.value, ...(digest !== undefined ? { sha256: digest } : {}) });
}
