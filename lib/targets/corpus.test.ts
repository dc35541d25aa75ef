import { describe, expect, it } from 'vitest';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { convertSpec } from '../convert/convert';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { adaptedInput, adaptTools, fixedByAdapting } from './adapt/adapt';
import { mcpToolErrors } from './adapt/fixtures/mcp-tool';
import { shapeOf, toRequestShape } from './adapt/shapes';
import { TARGETS } from './catalog';
import { checkTarget } from './compat/check';
import { walkSchema } from './schema-walk';
import { skillTools } from './skill-tools';

/**
 * Every vendor spec of `../shared/specs`: converted, published (the operations that publish:
 * some are over 24 KiB today and are left out), then adapted for every target; the adapted
 * tools pass every check the adapter fixes, and what errors remain are only the ones curation
 * fixes (too many tools, strict-mode totals and sizes); every tool in the MCP shape is one
 * MCP 2025-11-25's `Tool` definition takes (adapt/fixtures). Skipped when the corpus is absent.
 */
const present = corpusAvailable();
const rows = present ? readManifest() : [];

describe.skipIf(!present)('adapted tools of the vendor corpus', () => {
  for (const row of rows) {
    it(`fit every target once adapted: ${row.folder}`, async () => {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      const converted = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
      const { value: input } = skillTools(parseSkillPackage({ folder: converted.folder, files: converted.files }));
      for (const target of TARGETS) {
        const adapted = adaptTools(input, target);
        const left = checkTarget(adaptedInput(adapted), target);
        expect(left.filter(fixedByAdapting), `${row.folder} for ${target.id}`).toEqual([]);
        const errors = new Set(left.filter((p) => p.severity === 'error').map((p) => p.ruleId));
        // What only curation (or an edit) fixes: too many tools, request totals, sizes, a parameter name the target refuses.
        for (const id of errors) expect(['target-tool-count', 'target-request-limit', 'target-schema-limit', 'target-property-name'], `${row.folder} for ${target.id}`).toContain(id);
        if (target.applies === 'tools') expect(toRequestShape(adapted)).toBeDefined();
        if (shapeOf(target) === 'mcp') {
          const listed = (toRequestShape(adapted) as { tools: unknown[] }).tools;
          const broken = listed.flatMap((t, i) => mcpToolErrors(t).map((e) => `${adapted.tools[i].file}: ${e}`));
          expect(broken, `${row.folder} for ${target.id}`).toEqual([]);
        }
        for (const { file, tool } of adapted.tools) walkSchema(tool.parameters, (node, place) => expect(Object.hasOwn(node, '$ref'), `${row.folder}: ${file} ${place.pointer}`).toBe(false));
      }
    });
  }
});
