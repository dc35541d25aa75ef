import { isPlainObject } from '../core/entries';
import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import type { ConvertOptions, CurationRecord } from './model';

/** The key of SKILL.md's `metadata` that holds the options a skill was generated with (SPEC 9). */
export const GENERATED_WITH = 'generated-with';

/**
 * The options a generation was made with, as far as they change its files: the conversion's
 * (name, base URL, server variables, server, fitting) and the curation by rule that followed
 * it (tag, path and resource filters, deprecated left out). Rebuilding from the same spec with these
 * gives the same files byte for byte, which is what the update takes as its base (SPEC 9).
 * Only what differs from the default is held, so a plain generation records nothing.
 */
export interface GenerationRecord {
  name?: string;
  baseUrl?: string;
  serverVariables?: Record<string, string>;
  server?: string;
  /** `false` when fitting was turned off. */
  fit?: false;
  /** Operations kept whole though past the limit, as `METHOD /path`. */
  keepFull?: string[];
  includeTags?: string[];
  excludeTags?: string[];
  includePaths?: string[];
  excludePaths?: string[];
  includeResources?: string[];
  excludeResources?: string[];
  excludeDeprecated?: true;
  /** Only safe operations were kept (a read-only export). */
  readOnly?: true;
}

/** What a record is made from: the conversion's options and the curation's choices, as given. */
export type GenerationOptions = Pick<ConvertOptions, 'name' | 'baseUrl' | 'serverVariables' | 'server' | 'fit' | 'keepFull'> & CurationRecord;

const LIST_FIELDS = ['keepFull', 'includeTags', 'excludeTags', 'includePaths', 'excludePaths', 'includeResources', 'excludeResources'] as const;
const STRING_FIELDS = ['name', 'baseUrl', 'server'] as const;

/** The record of these options: the non-default ones, in a fixed key order. */
export function generationRecord(options: GenerationOptions): GenerationRecord {
  const record: GenerationRecord = {};
  if (options.name !== undefined) record.name = options.name;
  if (options.baseUrl !== undefined) record.baseUrl = options.baseUrl;
  const vars = options.serverVariables ?? {};
  const names = Object.keys(vars).sort();
  if (names.length > 0) record.serverVariables = Object.fromEntries(names.map((n) => [n, vars[n]]));
  if (options.server !== undefined) record.server = options.server;
  if (options.fit === false) record.fit = false;
  for (const key of LIST_FIELDS) {
    const values = options[key];
    if (values !== undefined && values.length > 0) record[key] = [...values];
  }
  if (options.excludeDeprecated === true) record.excludeDeprecated = true;
  if (options.readOnly === true) record.readOnly = true;
  return record;
}

/** The record as `metadata.generated-with`'s value (compact JSON), or undefined when there is nothing to record. */
export function writeGenerationRecord(record: GenerationRecord): string | undefined {
  return Object.keys(record).length === 0 ? undefined : JSON.stringify(record);
}

/** Whether the record curates by rule (a filter that may leave operations out). */
export function curatesByRule(record: GenerationRecord): boolean {
  return LIST_FIELDS.some((k) => k !== 'keepFull' && record[k] !== undefined) || record.excludeDeprecated === true || record.readOnly === true;
}

/**
 * Read the record from SKILL.md's frontmatter data: none recorded is the default options; a
 * value that is not the JSON a generation writes is refused (the old generation could not
 * be rebuilt from it).
 */
export function readGenerationRecord(manifestData: Record<string, unknown>): Result<GenerationRecord> {
  const metadata = manifestData.metadata;
  const raw = isPlainObject(metadata) ? metadata[GENERATED_WITH] : undefined;
  if (raw === undefined) return ok({});
  const refuse = (why: string) => fail<GenerationRecord>([problem('generated-with', 'error', `SKILL.md's \`metadata.${GENERATED_WITH}\` ${why}, so the generation it was made from cannot be rebuilt`, 'SKILL.md', { line: 1, column: 1 })]);
  if (typeof raw !== 'string') return refuse('is not a string');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return refuse('is not JSON');
  }
  if (!isPlainObject(value)) return refuse('is not a JSON object');
  const record: GenerationRecord = {};
  for (const [key, v] of Object.entries(value)) {
    if ((STRING_FIELDS as readonly string[]).includes(key)) {
      if (typeof v !== 'string') return refuse(`has a ${key} that is not a string`);
      record[key as (typeof STRING_FIELDS)[number]] = v;
    } else if ((LIST_FIELDS as readonly string[]).includes(key)) {
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return refuse(`has a ${key} that is not a list of strings`);
      record[key as (typeof LIST_FIELDS)[number]] = v as string[];
    } else if (key === 'serverVariables') {
      if (!isPlainObject(v) || !Object.values(v).every((x) => typeof x === 'string')) return refuse('has serverVariables that are not names to strings');
      record.serverVariables = v as Record<string, string>;
    } else if (key === 'fit') {
      if (v !== false) return refuse('has a fit that is not false');
      record.fit = false;
    } else if (key === 'excludeDeprecated') {
      if (v !== true) return refuse('has an excludeDeprecated that is not true');
      record.excludeDeprecated = true;
    } else if (key === 'readOnly') {
      if (v !== true) return refuse('has a readOnly that is not true');
      record.readOnly = true;
    } else {
      return refuse(`has an option it does not know, ${JSON.stringify(key)}`);
    }
  }
  return ok(record);
}
