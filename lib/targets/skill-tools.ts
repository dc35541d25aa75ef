import { problem, type Problem } from '../core/problem';
import { publishOperation } from '../publish/publish';
import type { SkillPackage } from '../skill/package';
import type { SkillTools, ToolEntry } from './model';

/**
 * A package's tools as the targets see them: every operation that publishes (SPEC 2), in
 * file-name order, and SKILL.md's fields. An operation whose schema does not publish (over
 * 24 KiB, a missing type) is left out with a problem saying so, and the rest still count:
 * a skill is judged on what it would give a model.
 */
export function skillTools(pkg: SkillPackage): { value: SkillTools; leftOut: Problem[] } {
  const data = pkg.manifest?.data ?? {};
  const skill = typeof data.name === 'string' ? data.name : pkg.folder;
  const tools: ToolEntry[] = [];
  const leftOut: Problem[] = [];
  for (const op of pkg.operations) {
    const p = publishOperation(pkg, op);
    if (!p) continue;
    if (p.expansion.ok) tools.push({ file: op.file, tool: p.tool, ...(op.declaration ? { method: op.declaration.method } : {}) });
    else {
      const why = p.expansion.reason === 'size' ? `its parameters are over 24 KiB when expanded (${p.expansion.size} bytes at least)` : p.expansion.reason === 'ref' ? `\`${p.expansion.ref}\` names no type` : 'its types nest too deep';
      leftOut.push(problem(p.expansion.reason === 'ref' ? 'refs' : 'expanded-size', 'warning', `left out: it does not publish (${why})`, op.file));
    }
  }
  const value: SkillTools = { skill, tools };
  if (pkg.manifest) {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    value.manifest = { name: str(data.name) ?? '', description: str(data.description) ?? '', compatibility: str(data.compatibility), text: pkg.manifest.text, body: pkg.manifest.prose };
  }
  return { value, leftOut };
}
