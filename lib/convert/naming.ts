import { words } from '../core/words';
import { MAX_TOOL_NAME } from '../publish/tool-name';
import { isSkillName, MAX_SKILL_NAME } from '../skill/manifest';

/** A name derived from `info.title` is kept this short, so file base names keep room in the 64-character tool name. */
const DERIVED_SKILL_NAME = 32;

/** Words a file system treats specially (Windows device names; `skill` would be `SKILL.md` on a case-folding disk). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9]|skill)$/;
/** A skill is a folder: of the reserved words, only the Windows device names are a problem there. */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** A folder name Windows can hold: a device name gets `-api`. */
function folderSafe(name: string): string {
  return DEVICE.test(name) ? `${name}-api` : name;
}

/** snake_case of an operationId (SPEC 4.2): `listPets` to `list_pets`, `pets.list` to `pets_list`, `getHTTPStatus` to `get_http_status`. */
export function snakeCase(text: string): string {
  return words(text).join('_');
}

/** The base name from method and path when there is no operationId: `get_pets_pet_id`. */
export function methodPathName(method: string, path: string): string {
  const segments = path.split('/').flatMap((s) => words(s.replace(/[{}]/g, ' ')));
  return [method.toLowerCase(), ...(segments.length > 0 ? segments : ['root'])].join('_');
}

/**
 * The skill name (SPEC 1.1): the user's, else `info.title` in kebab-case (at most 32
 * characters, cut at a word), else `api`. A user's name is normalised the same way when it
 * does not follow the rules. A Windows device name (`con`, `aux`, `lpt1`…) gets `-api`, as the
 * skill is a folder of that name.
 */
export function skillName(title: string, given?: string): { name: string; changed: boolean } {
  if (given !== undefined && given.trim() !== '') {
    if (isSkillName(given) && !DEVICE.test(given)) return { name: given, changed: false };
    const name = folderSafe(cutWords(words(given), '-', MAX_SKILL_NAME) || 'api');
    return { name, changed: true };
  }
  return { name: folderSafe(cutWords(words(title), '-', DERIVED_SKILL_NAME) || 'api'), changed: false };
}

/** Words joined by `sep`, as many whole words as fit in `max` (a first word longer than `max` is cut). */
function cutWords(list: string[], sep: string, max: number): string {
  let out = '';
  for (const w of list) {
    const next = out === '' ? w : `${out}${sep}${w}`;
    if (next.length > max) return out === '' ? w.slice(0, max) : out;
    out = next;
  }
  return out;
}

/**
 * Assigns operation file base names (SPEC 1.2, 4.2): `a-z 0-9 _`, unique in the skill,
 * and short enough that `<skill>_<base>` fits in 64 characters. A collision gets a numeric
 * suffix (`get_pet_2`); as every name is lower case, names that differ only in case in the
 * spec never share a file on a case-folding disk.
 */
export class BaseNames {
  private readonly taken = new Set<string>();
  readonly budget: number;

  constructor(skill: string) {
    this.budget = Math.max(1, Math.min(64, MAX_TOOL_NAME - skill.length - 1));
  }

  assign(operationId: string | undefined, method: string, path: string): string {
    let base = operationId !== undefined ? snakeCase(operationId) : '';
    if (base === '') base = methodPathName(method, path);
    if (RESERVED.test(base)) base = `${base}_op`;
    base = this.fit(base, this.budget);
    let name = base;
    for (let i = 2; this.taken.has(name) || RESERVED.test(name); i++) {
      const suffix = `_${i}`;
      name = `${this.fit(base, this.budget - suffix.length) || 'op'}${suffix}`.slice(-this.budget);
    }
    this.taken.add(name);
    return name;
  }

  private fit(base: string, max: number): string {
    if (base.length <= max) return base;
    return base.slice(0, Math.max(1, max)).replace(/_+$/, '') || base.slice(0, 1);
  }
}
