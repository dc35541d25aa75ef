import { prettifyError } from '../../core/zod';
import { CATALOG } from '../catalog';
import { anthropicOverheadSchema, openAiFormulaSchema, type FunctionConstants, type ProviderConstraints } from '../data/schema';

/** Encodings gpt-tokenizer ships, loaded on demand (lib/targets/tokens/tokenizer.ts). */
export type Encoding = 'o200k_base' | 'cl100k_base';

/**
 * A model whose tool tokens the meter counts, as the data file describes it. `formula`:
 * OpenAI's documented function-token formula with the model's own encoding. `estimate`:
 * no tokenizer or formula is published for the provider, so the tools' JSON is counted with
 * o200k_base as a stand-in, and the result says it is an estimate.
 */
export interface TokenModel {
  id: string;
  label: string;
  provider: 'openai' | 'anthropic' | 'gemini';
  method: 'formula' | 'estimate';
  encoding: Encoding;
  constants?: FunctionConstants;
  /** Anthropic's tool-use system prompt, in tokens, for tool_choice auto/none and any/tool, with the snapshot's date. */
  systemPrompt?: { auto: number; any: number; snapshot: string };
  /** Where the numbers come from: the data entry's id and sources. */
  source: string;
  caveats: string[];
}

const ENCODINGS: readonly Encoding[] = ['o200k_base', 'cl100k_base'];
/** What stands in for a tokenizer nobody publishes (Claude 3 and later, Gemini). */
const STAND_IN: Encoding = 'o200k_base';

/** The token models the data file describes, OpenAI's first (the first is the default). */
export function readTokenModels(data: ProviderConstraints): TokenModel[] {
  const models: TokenModel[] = [];
  for (const entry of data.token_counting) {
    if (!entry.target) continue;
    const source = [entry.id, ...(entry.source ?? [])].join('; ');
    if (entry.target === 'openai') {
      const f = openAiFormulaSchema.safeParse(entry.formula);
      if (!f.success) throw new Error(`token_counting ${entry.id}: ${prettifyError(f.error)}`);
      for (const [key, constants] of Object.entries(f.data.constants)) {
        const m = /^(.*) \(([a-z0-9_]+)\)$/.exec(key)!;
        const encoding = m[2] as Encoding;
        if (!ENCODINGS.includes(encoding)) throw new Error(`token_counting ${entry.id}: no tokenizer for ${encoding}`);
        for (const id of m[1].split(' / ')) models.push({ id, label: id, provider: 'openai', method: 'formula', encoding, constants, source, caveats: f.data.caveats });
      }
    } else if (entry.target === 'anthropic') {
      const formula = (entry.formula ?? {}) as Record<string, unknown>;
      const key = Object.keys(formula).find((k) => k.startsWith('tool_use_system_prompt_tokens'));
      if (!key) throw new Error(`token_counting ${entry.id}: no tool_use_system_prompt_tokens table`);
      const table = anthropicOverheadSchema.safeParse(formula[key]);
      if (!table.success) throw new Error(`token_counting ${entry.id}: ${prettifyError(table.error)}`);
      const snapshot = /snapshot (\d{4}-\d{2}-\d{2})/.exec(key)?.[1] ?? 'undated';
      const caveats = Array.isArray(formula.caveats) ? (formula.caveats as string[]) : [];
      for (const [label, [auto, any]] of Object.entries(table.data)) {
        models.push({ id: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label, provider: 'anthropic', method: 'estimate', encoding: STAND_IN, systemPrompt: { auto, any, snapshot }, source, caveats });
      }
    } else if (entry.target === 'gemini') {
      models.push({ id: 'gemini', label: 'Gemini', provider: 'gemini', method: 'estimate', encoding: STAND_IN, source, caveats: entry.notes ?? [] });
    }
  }
  return models;
}

export const TOKEN_MODELS: readonly TokenModel[] = readTokenModels(CATALOG.data);

/** The model counted when none is chosen: the first the data gives a formula for (GPT-4o). */
export const DEFAULT_MODEL: TokenModel = TOKEN_MODELS.find((m) => m.method === 'formula') ?? TOKEN_MODELS[0];

/** A model by its id (`gpt-4o`, `claude-sonnet-4-5`) or its label (`Claude Sonnet 4.5`), ignoring case. */
export function findTokenModel(id: string): TokenModel | undefined {
  const want = id.toLowerCase();
  return TOKEN_MODELS.find((m) => m.id === want || m.label.toLowerCase() === want);
}
