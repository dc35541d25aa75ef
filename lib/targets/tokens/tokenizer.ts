import type { Encoding } from './models';

/** Counts tokens of a text in one encoding. */
export interface Tokenizer {
  encoding: Encoding;
  count(text: string): number;
}

interface EncodingModule {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

// Each encoding's ranks are megabytes of JavaScript: imported only when a count needs them,
// so the worker (or the CLI) pays for them once, on first use.
const LOADERS: Record<Encoding, () => Promise<EncodingModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

const loaded = new Map<Encoding, Promise<Tokenizer>>();

/** Text that spells a special token (`<|endoftext|>` in a vendor's description) is counted as text, not refused. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** The tokenizer for an encoding, loaded once. */
export function loadTokenizer(encoding: Encoding): Promise<Tokenizer> {
  let p = loaded.get(encoding);
  if (!p) {
    p = LOADERS[encoding]().then((mod) => ({ encoding, count: (text: string) => mod.countTokens(text, AS_TEXT) }));
    loaded.set(encoding, p);
  }
  return p;
}
