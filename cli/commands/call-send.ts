import { readAnswerBody, type CallAnswer, type HttpRequest } from '../../lib/call';

/** An answer, or why there is none, in one line. */
export type Sent = { ok: true; answer: CallAnswer } | { ok: false; why: string };

/**
 * Sends one request and reads its answer, at most `MAX_ANSWER_BYTES` of its body. A
 * redirect is not followed: it is the answer, shown with its `Location`, so a credential
 * never goes to a server the skill does not name. No answer within `timeoutMs`, from the
 * start to the last byte, stops it; that and a server not reached are each one line.
 */
export async function sendRequest(request: HttpRequest, timeoutMs: number): Promise<Sent> {
  const host = hostOf(request.url);
  const signal = AbortSignal.timeout(timeoutMs);
  const stopped = () => ({ ok: false as const, why: `${request.method} ${request.url}: no whole answer within ${timeoutMs / 1000} s, so it was stopped (--timeout sets the limit)` });
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal });
  } catch (e) {
    if (signal.aborted) return stopped();
    return { ok: false, why: `${request.method} ${request.url}: ${unreachable(e, host)}` };
  }
  const read = await readAnswerBody(response.body);
  if (!read.ok) {
    if (signal.aborted) return stopped();
    return { ok: false, why: `${request.method} ${request.url}: the answer broke off after ${read.bytes} bytes (${read.error.message})` };
  }
  const { body, bytes, cut } = read;
  return {
    ok: true,
    answer: { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body, bytes, ...(cut ? { cut: true } : {}) },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Why a server was not reached, from the cause Node's fetch gives (`ECONNREFUSED`, `ENOTFOUND`). */
function unreachable(e: unknown, host: string): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return `${host} refused the connection (nothing listens there)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} was not found (no such host name)`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${host} closed the connection before answering`;
    default:
      return `${host} could not be reached (${cause?.message ?? (e as Error).message})`;
  }
}
