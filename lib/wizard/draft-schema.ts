/**
 * Schemas of what the wizard keeps in the browser: a
 * skill's snapshot, the spec upload it came from, and a draft's description. Whatever is
 * read back from IndexedDB is checked against them before anything is drawn from it: a
 * hand-edited or half-written entry, or one from another version, is "unreadable", never a
 * crash. The paths are held to the rules a bundle's entries are (SPEC 6), so a folder
 * `../../etc` is refused here as it would be in a zip.
 */
import * as z from '../core/zod';
import { checkEntryName, checkHidden } from '../bundle/zip/policy';
import { problemSchema } from '../core/problem-schema';
import { importReportSchema } from '../convert/report-schema';

/** The skill's folder: one name a bundle may hold, not hidden. */
export const folderSchema = z.string().check(
  z.superRefine((folder, ctx) => {
    const refused = (checkEntryName(`${folder}/`) ?? checkHidden(folder))?.message ?? (folder.includes('/') ? `\`${folder}\` is more than one folder name` : undefined);
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
  }),
);

/** A file's path inside the skill folder, as a bundle may hold it. */
const filePath = z.string().check(
  z.superRefine((path, ctx) => {
    const refused = (checkEntryName(path) ?? checkHidden(path))?.message;
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
  }),
);

const origin = z.object({ kind: z.enum(['spec', 'bundle']), name: z.string() });

export const sessionSnapshotSchema = z.object({
  version: z.literal(1),
  folder: folderSchema,
  files: z.array(z.tuple([filePath, z.string()])),
  original: z.array(z.tuple([filePath, z.string()])),
  origin,
  report: z.optional(importReportSchema),
  specProblems: z.array(problemSchema),
  removed: z.optional(z.array(z.tuple([filePath, z.object({ text: z.string(), entry: z.optional(z.string()) })]))),
  prunedTypes: z.optional(z.array(z.tuple([z.string(), z.unknown()]))),
  /** Removed operation files new in the last update, waiting to be kept ("New in this version"). */
  waiting: z.optional(z.array(filePath)),
});

export const lastUploadSchema = z.object({
  name: z.string(),
  upload: z.object({
    files: z.array(z.object({ path: z.string(), text: z.string() })),
    entry: z.optional(z.string()),
    problems: z.array(problemSchema),
  }),
  // The options it was last generated with (restoring a full schema keeps them).
  options: z.optional(
    z.object({
      name: z.optional(z.string()),
      baseUrl: z.optional(z.string()),
      server: z.optional(z.string()),
      serverVariables: z.optional(z.record(z.string(), z.string())),
      // Frozen once checked to be a list: zod's readonly freezes what it is given before checking it, and freezing a typed array throws.
      keepFull: z.optional(z.pipe(z.array(z.string()), z.transform((list) => Object.freeze(list)))),
    }),
  ),
});

/**
 * The session as plain data, to be kept in the browser's storage and opened again after a
 * reload: the files as they are now and as they were generated, where they came from, and the
 * import report. Parsed state and check results are not kept; `restoreSession` rebuilds them.
 */
export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;

/** A spec upload as read (its text, not the bytes it came as), under the name the user gave it, and the options it was last generated with. */
export type LastUpload = z.infer<typeof lastUploadSchema>;

/** What the list of drafts shows of one, kept apart from its files so the list reads little. */
export interface DraftInfo {
  id: string;
  folder: string;
  origin: { kind: 'spec' | 'bundle'; name: string };
  files: number;
  edited: number;
  createdAt: number;
  savedAt: number;
  /** The last change to the skill's files. */
  changedAt: number;
  /** The last download of its bundle; at or after `changedAt`, every edit is in a downloaded bundle. */
  downloadedAt?: number;
  /** The name the person gave the draft (Rename); the folder's name when none. */
  label?: string;
  /** The API's title and version (`info.title`, `info.version`) as SKILL.md's metadata records them. */
  title?: string;
  specVersion?: string;
  /** Operation files that publish a tool. */
  tools?: number;
  /** When the skill was last generated from its spec (`origin.name`): made, generated again or updated. Absent for a bundle. */
  generatedAt?: number;
}

/** The longest name a draft may be given. */
export const MAX_DRAFT_LABEL = 200;

/** A name typed for a draft, as kept: spaces trimmed, cut to `MAX_DRAFT_LABEL`; undefined when blank (the folder's name is shown). */
export function draftLabel(typed: string): string | undefined {
  const label = typed.replace(/\s+/g, ' ').trim().slice(0, MAX_DRAFT_LABEL);
  return label === '' ? undefined : label;
}

export const draftInfoSchema: z.ZodMiniType<DraftInfo> = z.object({
  id: z.string().check(z.minLength(1)),
  folder: folderSchema,
  origin,
  files: z.number().check(z.int(), z.minimum(0)),
  edited: z.number().check(z.int(), z.minimum(0)),
  createdAt: z.number(),
  savedAt: z.number(),
  changedAt: z.number(),
  downloadedAt: z.optional(z.number()),
  label: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_DRAFT_LABEL))),
  title: z.optional(z.string()),
  specVersion: z.optional(z.string()),
  tools: z.optional(z.number().check(z.int(), z.minimum(0))),
  generatedAt: z.optional(z.number()),
});
