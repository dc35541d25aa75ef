/**
 * Limits on uploaded spec input (SPEC 6). Sizes are decimal megabytes of UTF-8 text.
 * Each one turns hostile or broken input into a clean refusal before it costs time or memory.
 */
export const LIMITS = {
  /** One file over this many UTF-8 bytes is refused before parsing. */
  maxFileBytes: 50_000_000,
  /** All files of one upload together. */
  maxUploadBytes: 100_000_000,
  /**
   * YAML alias nodes (`*name`) per file. SPEC 6 says "more than 100 aliases: refused"; no spec
   * in the corpus has a single anchor, so the spec's number stands (callers may raise it).
   */
  maxAliases: 100,
  /**
   * Nodes that aliases may add when expanded into a plain tree, per file. A billion-laughs
   * document has few aliases but expands exponentially; this is what stops it.
   */
  maxAliasExpansion: 250_000,
  /** Nesting of mappings and sequences, in one file and in the resolved document. */
  maxDepth: 1_000,
  /** Nodes in the resolved document (Stripe's 4 MB spec has about 190,000). */
  maxDocumentNodes: 5_000_000,
  /** A `$ref` chain (a ref whose target is a ref …) longer than this is reported, not followed. */
  maxRefHops: 64,
} as const;

export type Limits = typeof LIMITS;
