import type { NameRule } from './model';

/** The name the model is given: the host's prefix and the tool's name (`mcp__petstore__list_pets`). */
export function hostName(rule: NameRule, server: string, name: string): string {
  return rule.prefix ? rule.prefix.replace('<server>', server) + name : name;
}

/** What the target's length limit counts: the full name, or the server's name plus the tool's (Cursor). */
export function measuredLength(rule: NameRule, server: string, name: string): number {
  return rule.measure === 'server+tool' ? server.length + name.length : hostName(rule, server, name).length;
}

/** How long the tool's own name may be, once the host's prefix (or the server's name) is counted. */
export function nameBudget(rule: NameRule, server: string): number {
  return rule.maxLength ? rule.maxLength.max - measuredLength(rule, server, '') : Infinity;
}

export function nameTooLong(rule: NameRule, server: string, name: string): boolean {
  return rule.maxLength !== undefined && measuredLength(rule, server, name) > rule.maxLength.max;
}

/** Whether the full name matches the target's pattern; a name too long is judged on the part that fits, so length is reported once. */
export function namePatternFails(rule: NameRule, server: string, name: string): boolean {
  if (!rule.pattern) return false;
  let full = hostName(rule, server, name);
  if (rule.maxLength && rule.measure === 'full' && full.length > rule.maxLength.max) full = full.slice(0, rule.maxLength.max);
  return !rule.pattern.regex.test(full);
}

/** 32-bit FNV-1a of a string, for a short suffix that keeps shortened names apart. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const SUFFIX_LENGTH = 5;

/**
 * A name the target takes, as close to `name` as it can be, and not in `taken` (full names
 * already given). In order, stopping at the first that fits: the name; its characters
 * outside `A-Za-z0-9_-` as `_`; without the skill's name in front where the host prefixes
 * the server's name anyway (`mcp__kubernetes__list_pods`, not `mcp__kubernetes__kubernetes_list_pods`);
 * a leading `_` where the pattern wants a letter first; then cut to the budget with `_` and
 * five characters of a hash of the original name, salted until unique. Deterministic: the
 * same list always gives the same names. Returns the name unchanged when nothing fits (the
 * report then still says why).
 */
export function fitName(rule: NameRule, server: string, skillPrefix: string, name: string, taken: ReadonlySet<string>): string {
  const fits = (n: string) => n.length > 0 && !nameTooLong(rule, server, n) && !namePatternFails(rule, server, n) && !taken.has(hostName(rule, server, n));
  if (fits(name)) return name;
  const clean = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const hosted = rule.prefix !== undefined || rule.measure === 'server+tool';
  const bare = hosted && clean.startsWith(skillPrefix) && clean.length > skillPrefix.length ? clean.slice(skillPrefix.length) : clean;
  const candidates = [clean, bare, `_${bare}`];
  for (const c of candidates) if (fits(c)) return c;
  const budget = nameBudget(rule, server);
  for (const base of [bare, `_${bare}`]) {
    for (let salt = 0; salt < 100; salt++) {
      const suffix = `_${fnv1a(salt === 0 ? name : `${name}#${salt}`).toString(36).padStart(SUFFIX_LENGTH, '0').slice(-SUFFIX_LENGTH)}`;
      const head = base.slice(0, Math.max(0, budget - suffix.length)).replace(/[_-]+$/, '');
      const c = `${head}${suffix}`;
      if (fits(c)) return c;
    }
  }
  return name;
}
