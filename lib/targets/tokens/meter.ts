import type { PublishedTool } from '../../publish/publish';
import type { SkillTools } from '../model';
import { outputSchema } from '../mcp';
import { jsonTokens } from './estimate';
import type { Encoding, TokenModel } from './models';
import { functionTokens } from './openai-formula';
import { loadTokenizer, type Tokenizer } from './tokenizer';

export interface ToolTokens {
  file: string;
  name: string;
  tokens: number;
  /** false: counted by an estimate (a provider without a published tokenizer, or parts the formula does not describe). */
  exact: boolean;
}

/** What a skill's tools cost a model in every turn. */
export interface SkillTokens {
  model: TokenModel;
  method: TokenModel['method'];
  tools: ToolTokens[];
  /** The tools' own tokens, summed. */
  toolTokens: number;
  /** Fixed costs of giving a model any tools: OpenAI's `func_end`, Anthropic's tool-use system prompt. */
  overhead: { tokens: number; what: string }[];
  total: number;
  /** How many tools were counted afresh (the rest came from the cache). */
  counted: number;
}

interface Entry {
  tokens: number;
  exact: boolean;
}

/** Strings remembered per encoding before the memory is dropped and started again. */
const MAX_MEMO = 200_000;

/**
 * Counts tool tokens per model, re-counting only what changed: each tool's count
 * is cached by the tool object (a file the edit did not touch publishes the same object) and
 * by its JSON text (an edit to types.json republishes every tool, most of them unchanged),
 * and the strings counted are remembered per encoding (a description repeated across tools is
 * tokenized once). Pure: the tokenizers are loaded by `createTokenMeter` and passed in.
 */
export class TokenMeter {
  private readonly byTool = new Map<string, WeakMap<PublishedTool, { key: string; entry: Entry }>>();
  private readonly byText = new Map<string, Map<string, Entry>>();
  private readonly memo = new Map<Encoding, Map<string, number>>();

  constructor(private readonly tokenizers: ReadonlyMap<Encoding, Tokenizer>) {}

  /** Whether this meter can count for the model (its encoding is loaded). */
  has(model: TokenModel): boolean {
    return this.tokenizers.has(model.encoding);
  }

  /**
   * `withOutputSchema`: each tool's `returns` counted too, as the `outputSchema` an MCP
   * client that passes it on would add to the tool (decision 0148); the model APIs' own
   * tool fields have no place for it, so it is not counted by default.
   */
  count(input: SkillTools, model: TokenModel, options: { withOutputSchema?: boolean } = {}): SkillTokens {
    const tokenizer = this.tokenizers.get(model.encoding);
    if (!tokenizer) throw new Error(`no ${model.encoding} tokenizer loaded for ${model.id}`);
    const count = this.memoized(tokenizer);
    const withOutput = options.withOutputSchema === true;
    const cacheId = withOutput ? `${model.id}\u0000outputSchema` : model.id;
    let byTool = this.byTool.get(cacheId);
    if (!byTool) this.byTool.set(cacheId, (byTool = new WeakMap()));
    const previous = this.byText.get(cacheId) ?? new Map<string, Entry>();
    const next = new Map<string, Entry>();
    const tools: ToolTokens[] = [];
    let counted = 0;
    for (const { file, tool } of input.tools) {
      let hit = byTool.get(tool);
      if (!hit) {
        const key = JSON.stringify(withOutput ? [tool.name, tool.description, tool.parameters, tool.returns ?? null] : [tool.name, tool.description, tool.parameters]);
        let entry = previous.get(key) ?? next.get(key);
        if (!entry) {
          entry = toolTokens(tool, model, count);
          if (withOutput && tool.returns !== undefined) entry = { tokens: entry.tokens + outputTokens(tool.returns, count), exact: false };
          counted++;
        }
        hit = { key, entry };
        byTool.set(tool, hit);
      }
      next.set(hit.key, hit.entry);
      tools.push({ file, name: tool.name, tokens: hit.entry.tokens, exact: hit.entry.exact });
    }
    // Only the tools this skill has now are kept by their text, so the cache does not grow with every edit.
    this.byText.set(cacheId, next);
    const toolTokensTotal = tools.reduce((n, t) => n + t.tokens, 0);
    const overhead = overheadOf(model, tools.length);
    return {
      model,
      method: model.method,
      tools,
      toolTokens: toolTokensTotal,
      overhead,
      total: toolTokensTotal + overhead.reduce((n, o) => n + o.tokens, 0),
      counted,
    };
  }

  private memoized(tokenizer: Tokenizer): (text: string) => number {
    let memo = this.memo.get(tokenizer.encoding);
    if (!memo) this.memo.set(tokenizer.encoding, (memo = new Map()));
    const m = memo;
    return (text) => {
      let n = m.get(text);
      if (n === undefined) {
        if (m.size >= MAX_MEMO) m.clear();
        n = tokenizer.count(text);
        m.set(text, n);
      }
      return n;
    };
  }
}

function toolTokens(tool: PublishedTool, model: TokenModel, count: (text: string) => number): Entry {
  if (model.method === 'formula' && model.constants) return functionTokens(tool, model.constants, count);
  // The tool as the provider's request carries it; the schema is counted in pieces (estimate.ts).
  const head = model.provider === 'anthropic' ? { name: tool.name, description: tool.description, input_schema: {} } : { name: tool.name, description: tool.description, parameters: {} };
  return { tokens: count(JSON.stringify(head)) + jsonTokens(tool.parameters, count), exact: false };
}

/** An `outputSchema` beside the tool's other fields: its key and its schema, counted as the estimate counts a schema. */
function outputTokens(returns: unknown, count: (text: string) => number): number {
  return count(',"outputSchema":') + jsonTokens(outputSchema(returns), count);
}

function overheadOf(model: TokenModel, tools: number): SkillTokens['overhead'] {
  if (tools === 0) return [];
  if (model.constants) return [{ tokens: model.constants.func_end, what: 'func_end, once per tool list' }];
  if (model.systemPrompt) return [{ tokens: model.systemPrompt.auto, what: `tool-use system prompt, tool_choice auto or none (${model.systemPrompt.any} for any or tool; snapshot ${model.systemPrompt.snapshot})` }];
  return [];
}

/** A meter with the tokenizers the models need, loaded on first use. */
export async function createTokenMeter(models: readonly TokenModel[]): Promise<TokenMeter> {
  const encodings = [...new Set(models.map((m) => m.encoding))];
  const tokenizers = await Promise.all(encodings.map((e) => loadTokenizer(e)));
  return new TokenMeter(new Map(tokenizers.map((t) => [t.encoding, t])));
}
