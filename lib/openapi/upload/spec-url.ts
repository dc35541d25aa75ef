import { percentDecode } from '../../core/json-pointer';
import { problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';

/**
 * A spec address the user typed, for the browser to fetch (BAD-INPUT 21): `http:` or
 * `https:` only, without a user name or password (the browser would send them on). Anything
 * else (`file:`, `data:`, `javascript:`, a relative path) is refused before any request.
 * The server never fetches it: a spec is fetched where its user is (SPEC 0).
 */
export function parseSpecUrl(text: string): Result<{ url: string; fileName: string }> {
  const refuse = (why: string) => fail<{ url: string; fileName: string }>([problem('spec-url', 'error', why, '(url)')]);
  const trimmed = text.trim();
  if (trimmed === '') return refuse('Type the address of a spec, starting with https://');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refuse(`\`${clip(trimmed)}\` is not an address: give the whole URL, starting with https://`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`Only http and https addresses are fetched, not \`${url.protocol}\`: upload the file instead`);
  }
  if (url.username || url.password) return refuse('An address with a user name or password is refused: the browser would send them to that server');
  const last = percentDecode(url.pathname.split('/').pop() ?? '');
  const fileName = /^[^\\/:*?"<>|\u0000-\u001f]{1,200}$/.test(last) && last !== '.' && last !== '..' ? last : 'spec';
  return ok({ url: url.href, fileName });
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}
