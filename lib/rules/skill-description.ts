import { located, type PackageRule } from './rule';
import { groupDigits } from '../core/numbers';

const MAX = 1024;

/** SPEC 1.1: `description` is present and 1 to 1,024 characters (counted as Unicode code points). */
export const skillDescription: PackageRule = {
  id: 'skill-description',
  scope: 'package',
  check(pkg) {
    const m = pkg.manifest;
    // No SKILL.md at all is `skill-name`'s to report.
    if (!m) return [];
    const d = m.data.description;
    const at = (message: string) => ({ ...located(m.position('/description'), message, '/description'), file: m.file });
    if (d === undefined) return [{ ...located(m.position(''), 'SKILL.md has no `description`: say what the skill does and when to use it', ''), file: m.file }];
    if (typeof d !== 'string') return [at('`description` must be a string')];
    if (d.trim() === '') return [at('`description` is empty: say what the skill does and when to use it')];
    const length = [...d].length;
    if (length > MAX) return [at(`\`description\` is ${groupDigits(length)} characters; at most ${groupDigits(MAX)}`)];
    return [];
  },
};
