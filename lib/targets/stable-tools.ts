import type { PublishedTool } from '../publish/publish';
import type { SkillTools } from './model';

/**
 * Keeps a skill's tools the same objects while their content stays the same, for the caches
 * keyed by object (the token meter's, the compatibility memo's) to hold across edits. An edit
 * of one operation file republishes one tool, and the others are the same objects already;
 * an edit of types.json republishes every tool, and each whose JSON is unchanged is given
 * back as the object it was before, so only the tools that use a changed type are new.
 * Only the current tools' texts are kept, so memory does not grow with each edit.
 */
export function createToolInterner(): (input: SkillTools) => SkillTools {
  const byObject = new WeakMap<PublishedTool, { key: string; tool: PublishedTool }>();
  let byText = new Map<string, PublishedTool>();
  return (input) => {
    const next = new Map<string, PublishedTool>();
    const tools = input.tools.map((entry) => {
      let hit = byObject.get(entry.tool);
      if (!hit) {
        const key = JSON.stringify(entry.tool);
        hit = { key, tool: byText.get(key) ?? next.get(key) ?? entry.tool };
        byObject.set(entry.tool, hit);
      }
      next.set(hit.key, hit.tool);
      return hit.tool === entry.tool ? entry : { file: entry.file, tool: hit.tool };
    });
    byText = next;
    return { ...input, tools };
  };
}
