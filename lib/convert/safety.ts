import { isPlainObject } from '../core/entries';
import { words } from '../core/words';
import { methodSafety, type Method, type Safety } from '../skill/operation-file';
import { own } from './context';
import type { OperationObject } from './document';

/** What the conversion says of an operation's safety (SPEC 8.3). */
export interface SafetyPlan {
  /** The safety to write: only when the spec says more than the method, else absent (the method's default holds). */
  safety?: Safety;
  /** The extension that said it, as `x-name: value`, for the report. */
  from?: string;
  /** A `POST` or `PATCH` whose name or summary says it only reads: the words that said so. Suggested, never set. */
  suggested?: string[];
}

/** The verbs of an operation that only reads (SPEC 8.3). */
export const READ_ONLY_VERBS = ['search', 'query', 'list', 'lookup', 'validate', 'preview', 'estimate', 'count', 'calculate'] as const;

/** Verbs that say an operation writes: a name holding one is not suggested safe (`create_search_index`). */
const WRITE_VERBS = new Set(['create', 'update', 'delete', 'remove', 'add', 'set', 'send', 'post', 'put', 'patch', 'cancel', 'charge', 'upload', 'import', 'insert', 'write', 'save', 'submit', 'start', 'stop', 'run', 'execute', 'trigger', 'refund', 'pay', 'capture', 'revoke', 'reset', 'enable', 'disable', 'archive', 'restore', 'move', 'copy', 'rename', 'merge', 'publish', 'invite', 'register', 'assign', 'attach', 'detach', 'subscribe', 'unsubscribe', 'purge', 'clear', 'bulk', 'batch', 'mark', 'apply']);

/** Each read-only verb by the forms a name or a summary writes it in (`searches`, `listing`, `queries`). */
const READ_FORMS: ReadonlyMap<string, string> = new Map(
  READ_ONLY_VERBS.flatMap((verb) => {
    const forms = [verb, `${verb}s`, `${verb}es`, `${verb}ing`, verb.replace(/y$/, 'ies'), verb.replace(/e$/, 'ing'), verb.replace(/e$/, 'es')];
    return forms.map((f) => [f, verb] as [string, string]);
  }),
);

/**
 * An operation's safety (SPEC 8.1, 8.3): the method's default, unless the spec says more
 * in an extension the conversion knows, which is used and reported:
 * - `x-openai-isConsequential: false` (GPT Actions): safe;
 * - `x-mcp-annotations` with `readOnlyHint: true`: safe; with `idempotentHint: true` (and not
 *   read-only) on a `POST` or `PATCH`: idempotent;
 * - an operation-level `x-read-only`, `x-readonly` or `x-readOnly` of `true`: safe.
 * A `POST` or `PATCH` left unsafe whose operationId (or last path segment) or summary says
 * it only reads (READ_ONLY_VERBS, and no verb that writes) is suggested safe: the report
 * names the words, and the file keeps the method's default.
 */
export function planSafety(method: Method, op: OperationObject, path: string): SafetyPlan {
  const base = methodSafety(method);
  const said = fromExtensions(method, op);
  if (said && said.safety !== base) return said;
  if (base !== 'unsafe' || said) return {};
  const suggested = readOnlyWords(op, path);
  return suggested.length > 0 ? { suggested } : {};
}

function fromExtensions(method: Method, op: OperationObject): { safety: Safety; from: string } | undefined {
  if (own(op, 'x-openai-isConsequential') === false) return { safety: 'safe', from: 'x-openai-isConsequential: false' };
  const mcp = own(op, 'x-mcp-annotations');
  if (isPlainObject(mcp)) {
    if (own(mcp, 'readOnlyHint') === true) return { safety: 'safe', from: 'x-mcp-annotations: readOnlyHint: true' };
    if (own(mcp, 'idempotentHint') === true && (method === 'POST' || method === 'PATCH')) return { safety: 'idempotent', from: 'x-mcp-annotations: idempotentHint: true' };
  }
  for (const key of ['x-read-only', 'x-readonly', 'x-readOnly'] as const) {
    if (own(op, key) === true) return { safety: 'safe', from: `${key}: true` };
  }
  return undefined;
}

/** The read-only verbs an operation's name and summary use, each once, in the order met; none when a verb that writes is there too. */
function readOnlyWords(op: OperationObject, path: string): string[] {
  const id = typeof op.operationId === 'string' ? op.operationId : '';
  const segments = path.split('/').filter((s) => s !== '' && !/^\{[^{}]*\}$/.test(s));
  const name = id !== '' ? id : (segments[segments.length - 1] ?? '');
  const summary = typeof op.summary === 'string' ? op.summary : '';
  const nameWords = words(name);
  // The summary's verb is its first word ("Search pets", "Lists the invoices").
  const summaryWords = words(summary).slice(0, 1);
  const all = [...nameWords, ...summaryWords];
  if (all.some((w) => WRITE_VERBS.has(w))) return [];
  const found: string[] = [];
  for (const w of all) {
    const verb = READ_FORMS.get(w);
    if (verb !== undefined && !found.includes(w)) found.push(w);
  }
  return found;
}
