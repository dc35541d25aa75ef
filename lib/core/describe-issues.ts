import type * as z from './zod';

/** A zod error in one line: where, and what was expected. */
export function describeIssues(error: z.core.$ZodError, limit = 3): string {
  const issues = flatten(error.issues, []);
  const shown = issues.slice(0, limit).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(the whole value)'}: ${i.message}`);
  const more = issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/** A value that matched no branch of a union is described by the branch that got furthest into it. */
function flatten(issues: readonly Issue[], at: PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (issue.code !== 'invalid_union' || !issue.errors?.length) return [{ path, message: issue.message }];
    const depth = (branch: Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));
    const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    return best.length > 0 ? flatten(best, path) : [{ path, message: issue.message }];
  });
}
