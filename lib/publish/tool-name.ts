/** SPEC 2: `<skill>_<file base name>`, every character outside `A-Za-z0-9_-` replaced by `_`. */
export function toolName(skill: string, baseName: string): string {
  return `${skill}_${baseName}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

export const MAX_TOOL_NAME = 64;
