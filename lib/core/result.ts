import type { Problem } from './problem';

/** Results, not exceptions, for user input (STYLE.md). */
export type Result<T> = { ok: true; value: T; problems: Problem[] } | { ok: false; problems: Problem[] };

export function ok<T>(value: T, problems: Problem[] = []): Result<T> {
  return { ok: true, value, problems };
}

export function fail<T = never>(problems: Problem[]): Result<T> {
  return { ok: false, problems };
}
