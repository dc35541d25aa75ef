import * as z from '../../lib/core/zod';
import { formatTokenTotal } from '../../lib/targets/tokens/format';
import { createTokenMeter, type SkillTokens } from '../../lib/targets/tokens/meter';
import { DEFAULT_MODEL, findTokenModel, TOKEN_MODELS, type TokenModel } from '../../lib/targets/tokens/models';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from '../command';
import { chooseByIds, loadSkillTools } from '../skill-tools';
import { groupDigits } from '../../lib/core/numbers';

export const tokens = defineCommand({
  name: 'tokens',
  usage: 'tokens <skill folder or .zip> [--model <id>…] [--read-only] [--output-schema] [--json]',
  summary: 'Count the tokens the tools cost a model every turn, per tool and in total',
  help: [
    `One row per tool, a column per model (default ${DEFAULT_MODEL.id}; repeat --model, or give a`,
    'comma-separated list), then the tools\' sum, the fixed overhead of giving a model tools,',
    'and the total. OpenAI models are counted by the cookbook\'s function formula with their',
    'own tokenizer; Anthropic models and Gemini are estimates (no tokenizer is published):',
    'the column says which. --json prints every count.',
    '',
    `Models: ${TOKEN_MODELS.map((m) => m.id).join(', ')}.`,
    '',
    'Operations that do not publish (over 24 KiB) are left out, with a note on stderr.',
    '--read-only counts only the safe tools: what a read-only export holds.',
    '--output-schema adds each tool\'s `returns` as the MCP `outputSchema` a client that',
    'passes it to the model sends (an estimate for that part); the model APIs\' tools have no',
    'such field, so it is left out by default.',
  ].join('\n'),
  options: z.object({
    model: z._default(z.array(z.string()), []),
    json: z._default(z.boolean(), false),
    'read-only': z._default(z.boolean(), false),
    'output-schema': z._default(z.boolean(), false),
  }),
  positionals: [1, 1],
  async run({ positionals: [path], options, io }) {
    const models = chooseModels(options.model);
    const input = await loadSkillTools(path, io, { readOnly: options['read-only'] });
    if (!input) return EXIT_PROBLEMS;
    const meter = await createTokenMeter(models);
    const counts = models.map((m) => meter.count(input, m, { withOutputSchema: options['output-schema'] }));
    if (options.json) {
      io.out(JSON.stringify({ skill: input.skill, models: counts.map(({ model, method, tools, toolTokens, overhead, total }) => ({ model: model.id, label: model.label, method, encoding: model.encoding, tools, toolTokens, overhead, total })) }, null, 2));
    } else for (const line of formatTokens(input.skill, counts)) io.out(line);
    return EXIT_OK;
  },
});

function chooseModels(ids: readonly string[]): TokenModel[] {
  return ids.length === 0 ? [DEFAULT_MODEL] : chooseByIds(ids, findTokenModel, TOKEN_MODELS, 'model');
}

function formatTokens(skill: string, counts: SkillTokens[]): string[] {
  const first = counts[0];
  const heads = counts.map((c) => (c.method === 'estimate' ? `${c.model.id} (estimate)` : c.model.id));
  const nameWidth = Math.max(5, ...first.tools.map((t) => t.name.length));
  const widths = heads.map((h, i) => Math.max(h.length, groupDigits(counts[i].total).length));
  const row = (label: string, cells: string[]) => `${label.padEnd(nameWidth)}  ${cells.map((c, i) => c.padStart(widths[i])).join('  ')}`.trimEnd();
  const lines = [row('tool', heads)];
  first.tools.forEach((t, i) => lines.push(row(t.name, counts.map((c) => `${groupDigits(c.tools[i].tokens)}${c.tools[i].exact || c.method === 'estimate' ? '' : '*'}`))));
  lines.push(row('tools', counts.map((c) => groupDigits(c.toolTokens))));
  lines.push(row('overhead', counts.map((c) => groupDigits(c.overhead.reduce((n, o) => n + o.tokens, 0)))));
  lines.push(row('total', counts.map((c) => groupDigits(c.total))));
  lines.push('');
  for (const c of counts) {
    const m = c.model;
    const inexact = c.tools.filter((t) => !t.exact).length;
    const how =
      c.method === 'formula'
        ? `OpenAI cookbook function formula, ${m.encoding}${inexact > 0 ? `; * ${groupDigits(inexact)} tools have nested schemas the formula does not describe, counted by its per-property rule (an estimate for those parts)` : ''}`
        : `an estimate: the tools' JSON counted with ${m.encoding} (no ${m.provider === 'anthropic' ? 'Claude' : 'Gemini'} tokenizer is published)`;
    const overhead = c.overhead.map((o) => `${groupDigits(o.tokens)} for the ${o.what}`).join('; ');
    lines.push(`${m.id}: ${how}${overhead ? `; overhead ${overhead}` : ''}.`);
  }
  lines.push(`${skill}: ${groupDigits(first.tools.length)} tools · ${counts.map((c) => formatTokenTotal(c.total, c.model)).join(' · ')}`);
  return lines;
}
