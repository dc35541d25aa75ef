/**
 * Operations grouped by resource, for specs whose tags do not group them (Stripe has none):
 * the wizard's Resource filter and the CLI's `--include-resources` / `--exclude-resources`
 * both group with `operationResources`, so a resource named in one is the same operations
 * in the other.
 */

const isParameter = (segment: string) => segment.includes('{');

/** The path up to its first parameter (`/v1/customers/{customer}/sources` → `/v1/customers`); a path without one, whole. */
function cut(path: string): { resource: string; cut: boolean } {
  const segments = path.split('/');
  const i = segments.findIndex(isParameter);
  if (i < 0) return { resource: trimSlash(path), cut: false };
  return { resource: trimSlash(segments.slice(0, i).join('/')) || '/', cut: true };
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * Each path's resource: the path up to its first parameter. A path without a parameter that
 * lies under such a resource belongs to the longest of them (`/v1/customers/search` to
 * `/v1/customers`, which `/v1/customers/{customer}` makes a resource), so an action beside the
 * items is grouped with them; any other is a resource of its own. Paths are compared as the
 * spec writes them.
 */
export function operationResources(paths: Iterable<string>): Map<string, string> {
  const all = [...new Set(paths)];
  const withItems = new Set<string>();
  const cuts = new Map<string, { resource: string; cut: boolean }>();
  for (const path of all) {
    const c = cut(path);
    cuts.set(path, c);
    if (c.cut) withItems.add(c.resource);
  }
  const out = new Map<string, string>();
  for (const path of all) {
    const c = cuts.get(path)!;
    if (c.cut || withItems.has(c.resource)) {
      out.set(path, c.resource);
      continue;
    }
    let best: string | undefined;
    for (let at = c.resource.lastIndexOf('/'); at > 0; at = c.resource.lastIndexOf('/', at - 1)) {
      const parent = c.resource.slice(0, at);
      if (withItems.has(parent)) {
        best = parent;
        break;
      }
    }
    out.set(path, best ?? c.resource);
  }
  return out;
}

/** A resource as a person types it: a leading `/` added, a trailing one dropped. */
export function normalResource(resource: string): string {
  const r = resource.trim();
  return trimSlash(r.startsWith('/') ? r : `/${r}`);
}
