import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSpecHere } from './fetch-spec';

/** A fetch that answers from a table of addresses, each a text or a redirect, remembering what it was asked. */
function serve(pages: Record<string, string | { redirect: string }>) {
  const asked: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    let page = pages[url];
    let at = url;
    if (page !== undefined && typeof page === 'object') {
      at = page.redirect;
      page = pages[at];
    }
    if (page === undefined) return new Response('not found', { status: 404, statusText: 'Not Found' });
    const response = new Response(page as string, { status: 200 });
    Object.defineProperty(response, 'url', { value: at });
    return response;
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('fetchSpecHere', () => {
  it('fetches the files a spec names by relative $ref from beside it, without credentials, and theirs', async () => {
    const asked = serve({
      'https://specs.test/api/v1/openapi.yaml': "openapi: 3.0.3\npaths:\n  /pets: {$ref: 'paths/pets.yaml'}\n  /far: {$ref: '../../secret.yaml'}\n",
      'https://specs.test/api/v1/paths/pets.yaml': "get: {responses: {'200': {$ref: '../schemas/pet%20list.yaml'}}}\n",
      'https://specs.test/api/v1/schemas/pet%20list.yaml': 'description: ok\n',
      'https://specs.test/secret.yaml': 'never: fetched\n',
    });
    const got = await fetchSpecHere('https://specs.test/api/v1/openapi.yaml', 'openapi.yaml');
    expect(got.problems).toEqual([]);
    expect(got.entries.map((e) => [e.path, text(e.bytes).length > 0])).toEqual([
      ['openapi.yaml', true],
      ['paths/pets.yaml', true],
      ['schemas/pet list.yaml', true],
    ]);
    expect(asked.map((a) => a.url)).toEqual(['https://specs.test/api/v1/openapi.yaml', 'https://specs.test/api/v1/paths/pets.yaml', 'https://specs.test/api/v1/schemas/pet%20list.yaml']);
    expect(asked.every((a) => a.init?.credentials === 'omit' && a.init.referrerPolicy === 'no-referrer')).toBe(true);
  });

  it('names a file it could not fetch, and refuses one a redirect takes out of the spec\'s folder', async () => {
    serve({
      'https://specs.test/api/openapi.yaml': "a: {$ref: 'gone.yaml'}\nb: {$ref: 'moved.yaml'}\n",
      'https://specs.test/api/moved.yaml': { redirect: 'https://elsewhere.test/moved.yaml' },
      'https://elsewhere.test/moved.yaml': 'x: 1\n',
    });
    const got = await fetchSpecHere('https://specs.test/api/openapi.yaml', 'openapi.yaml');
    expect(got.entries.map((e) => e.path)).toEqual(['openapi.yaml']);
    expect(got.problems.map((p) => p.message)).toEqual([
      'gone.yaml, which a $ref names, could not be read: specs.test answered 404 Not Found',
      'moved.yaml, which a $ref names, could not be read: https://specs.test/api/moved.yaml redirected out of the spec\'s folder, to https://elsewhere.test/moved.yaml',
    ]);
  });

  it('refuses the entry when its server cannot be reached, and says what to do', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const got = await fetchSpecHere('https://closed.test/openapi.yaml', 'openapi.yaml');
    expect(got).toEqual({ entries: [], problems: [expect.objectContaining({ ruleId: 'spec-url', message: 'closed.test could not be reached: check the address, or download the spec and upload the file instead' })] });
  });

  // The browser refuses the read (a TypeError either way); asking again, not following redirects, then not reading, tells why (BAD-INPUT 32).
  it.each([
    ['a redirect', { manual: 'opaqueredirect', noCors: 'opaque' }, 'closed.test answered with a redirect to another address, which this browser refused to follow', 2],
    [
      'an answer it may not read, a redirect or not',
      { manual: 'throws', noCors: 'opaque' },
      'closed.test does not let other pages read it (CORS). Its answer may be a redirect: a browser does not show a page the answers of such a server, so it cannot tell. Open the address in a tab to see where it leads and fetch that address, or download the spec and upload the file instead',
      3,
    ],
    ['nothing', { manual: 'throws', noCors: 'throws' }, 'closed.test could not be reached: check the address', 3],
  ] as const)('names why the entry could not be read when the server answers %s', async (_, answers, message, probes) => {
    const asked: (RequestInit | undefined)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      asked.push(init);
      const how = init?.redirect === 'manual' ? answers.manual : init?.mode === 'no-cors' ? answers.noCors : 'throws';
      if (how === 'throws') throw new TypeError('Failed to fetch');
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: how });
      return response;
    });
    const got = await fetchSpecHere('https://closed.test/openapi.yaml', 'openapi.yaml');
    expect(got.entries).toEqual([]);
    expect(got.problems[0].message).toContain(message);
    expect(asked).toHaveLength(probes);
    expect(asked.every((init) => init?.credentials === 'omit' && init.referrerPolicy === 'no-referrer')).toBe(true);
  });

  it('tells the bytes of every file as they come, with the entry\'s declared size', async () => {
    serve({ 'https://specs.test/openapi.yaml': "a: {$ref: 'b.yaml'}\n", 'https://specs.test/b.yaml': 'x: 1\n' });
    const seen: [number, number | null][] = [];
    await fetchSpecHere('https://specs.test/openapi.yaml', 'openapi.yaml', (received, total) => seen.push([received, total]));
    expect(seen.at(-1)).toEqual([20 + 5, null]);
    expect(seen.some(([r]) => r === 20)).toBe(true);
  });
});
