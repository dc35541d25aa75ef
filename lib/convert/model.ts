import type { OperationFile } from '../skill/operation-file';
import type { Problem } from '../core/problem';
import type { ConvertedFacts } from '../rules/rule';

/** What fitting (lib/convert/fit.ts) may do to a tool's parameters over the size limit, in order. */
export type FitStepKind = 'drop-examples' | 'drop-nested-descriptions' | 'first-sentence' | 'replace-object';

/** One step taken on one place of the tool's parameters. */
export interface FitStep {
  step: FitStepKind;
  /** JSON pointer into the published parameters: the top-level argument a trim was applied to, or the object replaced. */
  pointer: string;
  /** Bytes it saved. */
  bytes: number;
}

/** Where something is in the uploaded spec: the file, its line and column, and the JSON pointer into the resolved document. */
export interface SpecLocation {
  file: string;
  line?: number;
  column?: number;
  pointer: string;
}

/**
 * What the generator needs of a loaded spec: the subset of `LoadedSpec` (lib/openapi) it
 * reads. `document` is the bundled tree, in which every `$ref` left is internal (`#/…`).
 */
export interface SpecInput {
  entry: string;
  format: { kind: 'swagger' | 'openapi'; version: string; label: string };
  entryText: string;
  document: unknown;
  locate(pointer: string): SpecLocation;
}

/**
 * The filters of a curation by rule (lib/curate's `CurationChoices`: the CLI's `convert
 * --include-tags … --exclude-deprecated --read-only`), as `metadata.generated-with` records
 * them. Empty lists choose nothing.
 */
export interface CurationRecord {
  /** Keep only operations with at least one of these tags. */
  includeTags?: readonly string[];
  /** Leave out operations with any of these tags. */
  excludeTags?: readonly string[];
  /** Keep only operations whose path matches one of these (`matchesPathPattern`). */
  includePaths?: readonly string[];
  /** Leave out operations whose path matches any of these. */
  excludePaths?: readonly string[];
  /** Keep only operations of one of these resources (`operationResources`: `/v1/customers`). */
  includeResources?: readonly string[];
  /** Leave out operations of any of these resources. */
  excludeResources?: readonly string[];
  /** Leave out operations the spec marks deprecated. */
  excludeDeprecated?: boolean;
  /** Keep only safe operations (SPEC 8.2, a read-only export): what a read-only grant may call. */
  readOnly?: boolean;
}

export interface ConvertOptions {
  /** How many of the spec's references did not resolve when it was loaded; recorded in SKILL.md's metadata (`lib/rules/verdict.ts`). */
  unresolvedReferences?: number;
  /** The user chose to go on without what those references name. */
  withoutUnresolved?: boolean;
  /** The skill name; derived from `info.title` when absent. */
  name?: string;
  /** Replaces every absolute server URL and resolves every relative one (SPEC 4.2). */
  baseUrl?: string;
  /** Values of server variables by name (`--server-var name=value`); a variable not given takes its default, unless that is an example. */
  serverVariables?: Readonly<Record<string, string>>;
  /** Where a servers list offers several (a sandbox, a mock), the one to use: its URL as the spec writes it. */
  server?: string;
  /**
   * Fit operations whose parameters pass SPEC 2's 24 KiB limit (the default). With
   * `false` they keep their full schemas and fail `expanded-size`.
   */
  fit?: boolean;
  /**
   * Operations to keep whole though they pass the limit, as `METHOD /path` (the report's
   * method and path): the wizard's "Restore the full schema" of a fitted operation.
   */
  keepFull?: readonly string[];
  /** SHA-256 (hex) of the uploaded spec text, for `metadata.source-sha256`; computed from `entryText` when absent. */
  sha256?: string;
  /**
   * The curation by rule that will follow the conversion (`curateConversion`): not applied
   * here, only recorded with the other options in `metadata.generated-with` (SPEC 9), so the
   * generation can be rebuilt.
   */
  curation?: CurationRecord;
}

/** An operation as the report names it. */
export interface ReportOperation {
  /** Upper-case HTTP method (`GET`), as written in the spec for skipped ones (`OPTIONS`). */
  method: string;
  /** The path template, or for a webhook its name, for a callback `<expression>`. */
  path: string;
  operationId?: string;
  /** The operation's `tags`, as the spec lists them (strings only, each once). */
  tags: string[];
  /** Present, and true, when the spec marks the operation deprecated. */
  deprecated?: true;
  location: SpecLocation;
}

/**
 * What a declaration holds that SPEC sections 1 to 6 could not declare (SPEC 7.3): a
 * form-encoded or multipart body, a JSON media type other than `application/json`, a body
 * that is one argument, arguments sent in bracket style, header arguments, fixed headers,
 * path parameters inside a segment.
 */
export const REQUEST_FEATURES = ['form-body', 'multipart-body', 'json-media-type', 'body-argument', 'deep', 'header', 'fixed-header', 'segment-parameter'] as const;
export type RequestFeature = (typeof REQUEST_FEATURES)[number];

export interface DeclaredOperation extends ReportOperation {
  /** The operation file, e.g. `list_pets.md`. */
  file: string;
  /** The published tool name. */
  tool: string;
  /** What its declaration holds that sections 1 to 6 could not declare, in `REQUEST_FEATURES` order; absent when nothing. */
  requestFeatures?: RequestFeature[];
  /** The safety written because the spec said more than the method (SPEC 8.3), and the extension that said it. */
  safety?: { value: 'safe' | 'idempotent' | 'unsafe'; from: string };
  /** A `POST`/`PATCH` whose name or summary says it only reads: the words that said so. Suggested safe, not set (SPEC 8.3). */
  suggestedSafe?: string[];
}

export interface ProseOnlyOperation extends ReportOperation {
  file: string;
  /** Why the request could not be declared, one sentence each (SPEC 4.3). */
  reasons: string[];
}

/** An operation whose parameters passed SPEC 2's limit, and what fitting did. */
export interface FittedOperation extends ReportOperation {
  file: string;
  tool: string;
  /** Whether it fits now. */
  fits: boolean;
  /** UTF-8 bytes of the published parameters before fitting, and after (every step together, where it still does not fit). */
  bytesBefore: number;
  bytesAfter: number;
  /** Every step taken, in order, each with the pointer into the parameters it touched. */
  steps: FitStep[];
  /** Why it could not be fitted. */
  reason?: string;
}

/** An operation generated and then left out by curation (CLI `--include-tags` and the like, or removed in the wizard). */
export interface LeftOutOperation extends ReportOperation {
  file: string;
  /** What it was before it was left out. */
  was: 'declared' | 'prose-only';
  /** Why, one sentence each: which choice left it out. */
  reasons: string[];
}

export interface SkippedOperation extends ReportOperation {
  /**
   * `method`: options/trace under `paths`; `invalid`: an operation under `paths` that could
   * not be read; `webhook`: 3.1 `webhooks`; `callback`: an operation's `callbacks`.
   */
  kind: 'method' | 'invalid' | 'webhook' | 'callback';
  reason: string;
}

export interface SharedTypeEntry {
  /** The name in types.json. */
  name: string;
  /**
   * Why it is shared rather than inlined (SPEC 1.5): more than one operation uses it, it
   * refers to itself, or inlining it would repeat it past the size limit; `fitted`: a type as
   * fitting trimmed it (`Pet.fitted`), the same in more than one fitted operation.
   */
  why: 'shared' | 'recursive' | 'size' | 'fitted';
  /** How many declared operations reach it. */
  operations: number;
  location: SpecLocation;
}

/** A server URL the spec lists for the operations, once per URL. */
export interface ListedServer {
  /** As the spec writes it, variables and all (Swagger 2.0: `scheme://host/basePath`). */
  url: string;
  description?: string;
  /** Some operation's URLs are built on it. */
  used: boolean;
  /** It is one of several in a list, so it can be chosen instead of the one used. */
  alternative: boolean;
  location: SpecLocation;
}

/** A variable of a server the operations use, once per name. */
export interface ServerVariableEntry {
  name: string;
  description?: string;
  default?: string;
  enum?: string[];
  /** What the URLs hold for it; absent while it stays `{name}` (an error until it is set). */
  value?: string;
  /** The user gave its value. */
  given: boolean;
  /** Its default is its author's example (or it has none): the URLs cannot use it. */
  placeholder: boolean;
  /**
   * Where servers at different levels declare a variable of this name with other defaults:
   * the base URLs this declaration gives and the operations on each (a few named). Absent
   * when they agree.
   */
  hosts?: { url: string; operations: number; examples: string[] }[];
  location: SpecLocation;
}

/** Where the operations' URLs come from (SPEC 4.2): what the wizard's server form is drawn from. */
export interface ServersReport {
  /** The base URL in force, which replaced every absolute server and resolved every relative one. */
  baseUrl?: string;
  listed: ListedServer[];
  variables: ServerVariableEntry[];
}

/** A tool whose description gives a model nothing to choose it by (the `description-quality` rule). */
export interface WeakDescription {
  file: string;
  /** The rule's words for it. */
  message: string;
  /** Its description is the same as this other tool's (the file the message names); absent when the fault is its own. */
  sameAs?: string;
  location: SpecLocation;
}

/** A path item under `paths` whose `$ref` does not resolve: its operations could not be read, nor counted. */
export interface UnreadPathItem {
  path: string;
  /** The `$ref` as the spec writes it. */
  ref: string;
  location: SpecLocation;
}

/** SPEC 4.7: every conversion ends with this. */
export interface ImportReport {
  skill: string;
  source: { title: string; version: string; format: string; sha256: string; entry: string };
  /** Operations under `paths` with one of the eight HTTP methods: declared + proseOnly + leftOut + skipped of kind `method` or `invalid`. */
  operationCount: number;
  declared: DeclaredOperation[];
  proseOnly: ProseOnlyOperation[];
  /** Declared operations that passed the size limit: fitted, or why not. */
  fitted: FittedOperation[];
  skipped: SkippedOperation[];
  /**
   * Path items whose operations could not be read (their `$ref` does not resolve): the skill
   * lacks however many operations they hold, and is not publishable until the user goes on
   * without them. Absent when there is none.
   */
  unreadPathItems?: UnreadPathItem[];
  /** Operations curation took out of the skill, with the reasons (empty when nothing was curated). */
  leftOut: LeftOutOperation[];
  sharedTypes: SharedTypeEntry[];
  servers: ServersReport;
  /** Declared operations whose description the `description-quality` rule flags, counted in the summary. */
  weakDescriptions: WeakDescription[];
  /**
   * Warnings in the one problem shape, each with its location in the spec. A few are errors
   * (a server variable the URLs cannot do without): the skill then fails a publish rule too.
   */
  warnings: Problem[];
}

export interface ConvertResult {
  /** The skill folder name (= the skill name). */
  folder: string;
  /** File path inside the folder to text. */
  files: Map<string, string>;
  /**
   * Each operation file as `parseOperationFile` reads its text, built from the model it was
   * written from: `parseSkillPackage(files, read)` gives the rules the package without
   * parsing hundreds of files again.
   */
  read: ReadonlyMap<string, OperationFile>;
  /** What the conversion measured of those files, for `checkPackage`'s `converted` option: the rules do not measure it again. */
  converted: ConvertedFacts;
  report: ImportReport;
}
