import { readAnswerBody, type CallAnswer, type HttpRequest } from '../../../lib/call';
import { DEFAULT_MODEL, findTokenModel } from '../../../lib/targets/tokens/models';
import { loadTokenizer } from '../../../lib/targets/tokens/tokenizer';

/** What the page asks the send worker: the request, credential in. */
export interface SendMessage {
  request: HttpRequest;
  /** The model chosen in "Count for", whose encoding counts the body's tokens. */
  model?: string;
}

/** Why a send has no answer to show. */
export type SendFailure = 'cors' | 'unreachable' | 'redirect' | 'stopped' | 'broken';

export type SendOutcome =
  | { ok: true; answer: CallAnswer; tokens?: { count: number; model: string; estimate: boolean } }
  | { ok: false; kind: SendFailure; message: string };

const INIT: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' };

/**
 * Sends one call from here (`send-call.worker.ts` calls it): no cookies, no referrer, and a
 * redirect not followed (it would take the credential to a server the skill does not name).
 * The answer is read up to `MAX_ANSWER_BYTES` and its body's tokens counted for the chosen
 * model (this worker evaluates no code, so `returns` is checked by the wizard's). A fetch
 * the browser refuses is told apart (`whyRefused`): a server that answers but lets no other
 * page read it (CORS), or one not reached.
 */
export async function sendHere(message: SendMessage): Promise<SendOutcome> {
  const { request } = message;
  const host = new URL(request.url).host;
  let response: Response;
  try {
    response = await fetch(request.url, { ...INIT, method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  } catch {
    return whyRefused(request);
  }
  if (response.type === 'opaqueredirect') {
    return {
      ok: false,
      kind: 'redirect',
      message: `${host} answered with a redirect, which is not followed: it would take the credential to an address the skill does not name. Copy as curl shows where it leads (\`curl -i\`).`,
    };
  }
  const read = await readAnswerBody(response.body);
  if (!read.ok) return { ok: false, kind: 'broken', message: `The answer from ${host} broke off after ${read.bytes} bytes (${read.error.message})` };
  const { body, bytes, cut } = read;
  const answer: CallAnswer = { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body, bytes, ...(cut ? { cut: true } : {}) };
  return { ok: true, answer, ...(await bodyTokens(body, message.model)) };
}

/** The body's tokens with the chosen model's encoding; none when the tokenizer cannot be loaded. */
async function bodyTokens(body: string, modelId: string | undefined): Promise<{ tokens?: { count: number; model: string; estimate: boolean } }> {
  const model = (modelId !== undefined ? findTokenModel(modelId) : undefined) ?? DEFAULT_MODEL;
  try {
    const tokenizer = await loadTokenizer(model.encoding);
    return { tokens: { count: tokenizer.count(body), model: model.label, estimate: model.method === 'estimate' } };
  } catch {
    return {};
  }
}

/**
 * Why the browser refused a send: its TypeError is the same for CORS and for a server not
 * reached. Asked once more as `HEAD` without reading the answer (`no-cors`, safe whatever
 * the call was, so nothing is done twice), a server that answers is one that lets no other
 * page read it.
 */
async function whyRefused(request: HttpRequest): Promise<SendOutcome> {
  const host = new URL(request.url).host;
  const answers = await fetch(request.url, { ...INIT, method: 'HEAD', mode: 'no-cors' }).then(
    () => true,
    () => false,
  );
  if (answers) {
    return {
      ok: false,
      kind: 'cors',
      message: `Refused by CORS: ${host} does not let other pages read its answers, so this browser would not show this one. Whether the request reached the server cannot be told from here. Copy as curl sends it from a terminal instead.`,
    };
  }
  return { ok: false, kind: 'unreachable', message: `${host} could not be reached: check the address, or that the server is up. Copy as curl sends it from a terminal instead.` };
}
