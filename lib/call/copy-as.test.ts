import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { buildRequest, type HttpRequest } from './build-request';
import { callableOperation } from './callable';
import { callCredentials, environmentName, type CallCredential } from './credentials';
import { curlCommand, fetchSnippet } from './copy-as';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

// A server of our own that records what reaches it: the copied command is run for real.
let base = '';
const received: Received[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.end('{}');
  });
});
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const hasCurl = existsSync('/bin/sh') && ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].some((p) => existsSync(p));

/** Runs the command in a POSIX shell with these environment variables; what reached the server. */
async function runCurl(command: string, env: Record<string, string>): Promise<Received> {
  received.length = 0;
  await new Promise<void>((done, fail) => {
    execFile('/bin/sh', ['-c', `${command} --silent --show-error --output /dev/null`], { env: { ...process.env, ...env }, encoding: 'utf8' }, (error: Error | null, _out: string, stderr: string) => (error ? fail(new Error(stderr || error.message)) : done()));
  });
  expect(received).toHaveLength(1);
  return received[0];
}

async function runFetch(snippet: string, env: Record<string, string>): Promise<Received> {
  received.length = 0;
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
  await new AsyncFunction('process', 'fetch', `${snippet}\nawait response.text();`)({ env }, fetch);
  expect(received).toHaveLength(1);
  return received[0];
}

const apiKey: CallCredential = { scheme: 'apiKey', in: 'header', name: 'X-Many-Key', prefix: '', variable: 'API_KEY' };
const tricky = `it's "quoted" $HOME \`id\` \\ ! and ünïcode`;

function requests(): { name: string; request: HttpRequest }[] {
  return [
    { name: 'a GET with a query', request: { method: 'GET', url: `${base}/v2/payments?limit=5&q=a%20b`, headers: {} } },
    {
      name: 'a POST with a JSON body holding quotes, $, backquotes and a newline',
      request: { method: 'POST', url: `${base}/v2/payments`, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ note: tricky, lines: 'a\nb', n: 1 }) },
    },
    { name: 'a DELETE with a path segment encoded', request: { method: 'DELETE', url: `${base}/v2/payments/a%2Fb%27c`, headers: {} } },
  ];
}

describe('curlCommand', () => {
  it.skipIf(!hasCurl).each([0, 1, 2])('sends the same request when a shell runs it (case %i), the credential from $API_KEY', async (i) => {
    const { request } = requests()[i];
    const command = curlCommand(request, [apiKey]);
    expect(command).toContain('"X-Many-Key: $API_KEY"');
    const got = await runCurl(command, { API_KEY: 'secret-1' });
    expect(got.method).toBe(request.method);
    expect(`${base}${got.url}`).toBe(request.url);
    expect(got.headers['x-many-key']).toBe('secret-1');
    expect(got.headers['content-type']).toBe(request.headers['Content-Type']);
    expect(got.body).toBe(request.body ?? '');
  });

  it.skipIf(!hasCurl)('puts a query or cookie credential where it goes, and a bearer token after its word', async () => {
    const request: HttpRequest = { method: 'GET', url: `${base}/things?a=1`, headers: {} };
    const credentials: CallCredential[] = [
      { scheme: 'key', in: 'query', name: 'api_key', prefix: '', variable: 'KEY' },
      { scheme: 'session', in: 'cookie', name: 'sid', prefix: '', variable: 'SESSION' },
      { scheme: 'oauth', in: 'header', name: 'Authorization', prefix: 'Bearer ', variable: 'OAUTH' },
    ];
    const got = await runCurl(curlCommand(request, credentials), { KEY: 'k&1', SESSION: 's1', OAUTH: 't1' });
    expect(got.url).toBe('/things?a=1&api_key=k&1');
    expect(got.headers.cookie).toBe('sid=s1');
    expect(got.headers.authorization).toBe('Bearer t1');
  });

  it('holds no credential value, only the placeholder', () => {
    const command = curlCommand({ method: 'PATCH', url: 'https://x.example/a', headers: { 'Content-Type': 'application/json' }, body: '{}' }, [apiKey]);
    expect(command).toBe(`curl -X PATCH 'https://x.example/a' \\\n  -H 'Content-Type: application/json' \\\n  -H "X-Many-Key: $API_KEY" \\\n  --data-raw '{}'`);
  });
});

describe('fetchSnippet', () => {
  it.each([0, 1, 2])('sends the same request when run (case %i), the credential from process.env', async (i) => {
    const { request } = requests()[i];
    const snippet = fetchSnippet(request, [apiKey]);
    expect(snippet).toContain('"X-Many-Key": process.env.API_KEY');
    const got = await runFetch(snippet, { API_KEY: 'secret-2' });
    expect(got.method).toBe(request.method);
    expect(`${base}${got.url}`).toBe(request.url);
    expect(got.headers['x-many-key']).toBe('secret-2');
    expect(got.body).toBe(request.body ?? '');
  });
});

describe('callCredentials', () => {
  const manifest = (lines: string[]) => `---\nname: x\ndescription: y\n---\n# X\n\n## Authentication\nRequests go out through the gateway. The spec's schemes:\n\n${lines.join('\n')}\n\n## Operations\n- \`a\`: b.\n`;

  it('reads each scheme conversion writes, one placeholder each', () => {
    expect(
      callCredentials(
        manifest([
          '- `api_key`: an API key in the `X-API-Key` header.',
          '- `petstore_auth`: an OAuth 2.0 access token (implicit flow), sent as a bearer token in the `Authorization` header.',
          '- `basicAuth`: HTTP Basic credentials (user name and password) in the `Authorization` header.',
          '- `q`: an API key in the `token` query parameter.',
          '- `c`: an API key in the `sid` cookie.',
          '- `jwt`: a bearer token (JWT) in the `Authorization` header.',
          '- `digest`: `digest` credentials in the `Authorization` header.',
          '- `mtls`: a client TLS certificate (mutual TLS).',
        ]),
      ),
    ).toEqual([
      { scheme: 'api_key', in: 'header', name: 'X-API-Key', prefix: '', variable: 'API_KEY' },
      { scheme: 'petstore_auth', in: 'header', name: 'Authorization', prefix: 'Bearer ', variable: 'PETSTORE_AUTH' },
      { scheme: 'basicAuth', in: 'header', name: 'Authorization', prefix: 'Basic ', variable: 'BASIC_AUTH' },
      { scheme: 'q', in: 'query', name: 'token', prefix: '', variable: 'Q' },
      { scheme: 'c', in: 'cookie', name: 'sid', prefix: '', variable: 'C' },
      { scheme: 'jwt', in: 'header', name: 'Authorization', prefix: 'Bearer ', variable: 'JWT' },
      { scheme: 'digest', in: 'header', name: 'Authorization', prefix: 'digest ', variable: 'DIGEST' },
    ]);
  });

  it('gives none when the section is missing or says there is no authentication', () => {
    expect(callCredentials('---\nname: x\n---\n# X\n')).toEqual([]);
    expect(callCredentials(manifest([]).replace("The spec's schemes:", 'The spec declares no authentication.'))).toEqual([]);
  });

  it.each([
    ['apiKey', 'API_KEY'],
    ['petstore_auth', 'PETSTORE_AUTH'],
    ['X-Many-Key', 'X_MANY_KEY'],
    ['2fa', '_2FA'],
    ['ü', 'API_KEY'],
  ])('names %s as $%s', (scheme, variable) => {
    expect(environmentName(scheme)).toBe(variable);
  });
});

/**
 * A one-operation skill `shop` whose file `op.md` has this `operation:` block, called with
 * `args` and sent to the echo server, given as the base URL (a call to this machine is
 * refused without one).
 */
function built(block: string, args: Record<string, unknown>): HttpRequest {
  const files = new Map([['op.md', `---\noperation:\n${block.replace('{base}', 'https://shop.acme.io').replace(/^/gm, '  ')}\n---\nDo it.\n`]]);
  const pkg = parseSkillPackage({ folder: 'shop', files });
  const c = callableOperation(pkg, pkg.operations[0]);
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  const r = buildRequest(c.value, args, base === '' ? {} : { baseUrl: base });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

/** A multipart body's parts, each its header lines (lower-cased names) and its text, read with the boundary its Content-Type names. */
function partsOf(contentType: string | undefined, body: string): { headers: string[]; text: string }[] {
  const boundary = /boundary=([^;\s]+)/.exec(contentType ?? '')?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const chunks = body.split(`--${boundary}`);
  expect(chunks.shift()).toBe('');
  expect(chunks.pop()).toBe('--\r\n');
  return chunks.map((chunk) => {
    const end = chunk.indexOf('\r\n\r\n');
    const headers = chunk
      .slice(2, end)
      .split('\r\n')
      .map((h) => h.replace(/^[^:]+/, (n) => n.toLowerCase()));
    return { headers, text: chunk.slice(end + 4, -2) };
  });
}

const schema = (properties: Record<string, unknown>, required: string[] = []) => `schema: '${JSON.stringify({ type: 'object', required, properties }).replace(/'/g, "''")}'`;

/** Requests of each shape SPEC 7.2 builds, with values that need encoding. */
function shapes(): { name: string; request: HttpRequest }[] {
  const text = "two words, ünï & 'quotes' = \"more\" ~*!";
  return [
    {
      name: 'a form body',
      request: built(
        ['method: POST', 'url: {base}/v1/customers', 'content-type: application/x-www-form-urlencoded', schema({ name: { type: 'string' }, email: { type: 'string' }, balance: { type: 'integer' }, tax_exempt: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } })].join('\n'),
        { name: text, email: 'ana@example.com', balance: -5, tax_exempt: true, tags: ['a b', 'c'] },
      ),
    },
    {
      name: 'a form body with deep fields, three levels down',
      request: built(
        [
          'method: POST',
          'url: {base}/v1/payment_intents?expand[0]=x',
          'content-type: application/x-www-form-urlencoded',
          'query: [filter]',
          'deep: [filter, metadata, a]',
          schema({ filter: { type: 'object' }, amount: { type: 'integer' }, metadata: { type: 'object', additionalProperties: { type: 'string' } }, a: { type: 'object' } }, ['amount']),
        ].join('\n'),
        { filter: { status: 'open', 'created at': { gte: 5 } }, amount: 2000, metadata: { order: '6735', note: text }, a: { b: [{ c: 'v' }, { c: 'w x' }] } },
      ),
    },
    {
      name: 'a multipart body with text and JSON parts',
      request: built(
        ['method: POST', 'url: {base}/v1/files', 'content-type: multipart/form-data', schema({ purpose: { type: 'string' }, size: { type: 'integer' }, meta: { type: 'object' }, list: { type: 'array' }, note: { type: 'string' } })].join('\n'),
        { purpose: 'fine-tuning', size: 3, meta: { title: 'a "quoted" \\ back;type=x', n: [1, 2] }, list: ['x', 'y'], note: text },
      ),
    },
    {
      name: 'a multipart body with bracket-named parts',
      request: built(
        ['method: POST', 'url: {base}/v1/files', 'content-type: multipart/form-data', 'deep: [file_link_data, expand]', schema({ purpose: { type: 'string' }, file_link_data: { type: 'object' }, expand: { type: 'array', items: { type: 'string' } } })].join('\n'),
        { purpose: 'dispute_evidence', file_link_data: { create: true, metadata: { order: '6735', note: text } }, expand: ['file', 'links'] },
      ),
    },
    {
      name: 'a multipart body of text parts only',
      request: built(['method: POST', 'url: {base}/v1/notes', 'content-type: multipart/form-data', schema({ title: { type: 'string' }, body: { type: 'string' } })].join('\n'), { title: 'Q3', body: text }),
    },
    {
      name: 'header arguments and a fixed header',
      request: built(
        ['method: GET', 'url: {base}/v1/pages/{page_id}', 'header: [X-Request-Tag, Accept-Language]', 'headers: {Notion-Version: "2022-06-28"}', schema({ page_id: { type: 'string' }, 'X-Request-Tag': { type: 'string' }, 'Accept-Language': { type: 'array', items: { type: 'string' } } }, ['page_id'])].join('\n'),
        { page_id: 'p/1', 'X-Request-Tag': "it's $HOME", 'Accept-Language': ['en', 'fr'] },
      ),
    },
    {
      name: 'a JSON body',
      request: built(['method: POST', 'url: {base}/v1/pets', schema({ name: { type: 'string' }, tags: { type: 'array' } })].join('\n'), { name: text, tags: ['a', { b: null }] }),
    },
    {
      name: 'a merge-patch body',
      request: built(['method: PATCH', 'url: {base}/api/v1/pods/{name}', 'content-type: application/merge-patch+json', schema({ name: { type: 'string' }, metadata: { type: 'object' } }, ['name'])].join('\n'), { name: 'web', metadata: { labels: { app: null } } }),
    },
    {
      name: 'a body-argument (an array body)',
      request: built(['method: PUT', 'url: {base}/v1/lists/{id}', 'body-argument: items', schema({ id: { type: 'string' }, items: { type: 'array', items: { type: 'object' } } }, ['id', 'items'])].join('\n'), {
        id: '7',
        items: [{ a: text }, { b: 2 }],
      }),
    },
  ];
}

/** What arrived is the request: method, path and query, every header it sets, and the body (a multipart body part for part). */
function expectSame(got: Received, request: HttpRequest, multipartBoundaryOurs: boolean) {
  expect(got.method).toBe(request.method);
  expect(`${base}${got.url}`).toBe(request.url);
  const type = request.headers['Content-Type'];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'Content-Type' && type?.startsWith('multipart/') && !multipartBoundaryOurs) continue;
    expect(got.headers[name.toLowerCase()], name).toBe(value);
  }
  if (type?.startsWith('multipart/')) {
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(partsOf(got.headers['content-type'] as string, got.body)).toEqual(partsOf(type, request.body!));
  } else expect(got.body).toBe(request.body ?? '');
}

describe('Copy as curl and fetch for requests of every shape', () => {
  it('writes a form body one field a line, readable where curl encodes it the same', () => {
    const command = curlCommand(shapes()[1].request);
    expect(command).toContain("--data-urlencode 'metadata[order]=6735'");
    expect(command).toContain("--data-urlencode 'a[b][0][c]=v'");
    expect(command).toContain("--data-raw 'a[b][1][c]=w+x'");
    expect(command).toContain("-H 'Content-Type: application/x-www-form-urlencoded'");
    const snippet = fetchSnippet(shapes()[1].request);
    expect(snippet).toContain('    "metadata[order]=6735",\n');
    expect(snippet).toContain('  ].join("&"),');
  });

  it('writes multipart parts as --form-string and typed -F, without our boundary', () => {
    const command = curlCommand(shapes()[2].request);
    expect(command).toContain("--form-string 'purpose=fine-tuning'");
    expect(command).toContain(`-F 'meta="{\\"title\\":\\"a \\\\\\"quoted\\\\\\" \\\\\\\\ back;type=x\\",\\"n\\":[1,2]}";type=application/json'`);
    expect(command).not.toContain('boundary');
    expect(fetchSnippet(shapes()[4].request)).toContain('const form = new FormData();\nform.append("title", "Q3");');
  });

  it('writes bracket-named multipart parts as --form-string, the name as it is', () => {
    const command = curlCommand(shapes()[3].request);
    expect(command).toContain("--form-string 'file_link_data[create]=true'");
    expect(command).toContain("--form-string 'file_link_data[metadata][order]=6735'");
    expect(command).toContain("--form-string 'expand[1]=links'");
  });

  it.skipIf(!hasCurl).each(shapes().map((s, i) => [s.name, i] as const))('curl sends what the call builds: %s', async (_name, i) => {
    const { request } = shapes()[i];
    const got = await runCurl(curlCommand(request), {});
    expectSame(got, request, false);
  });

  it.each(shapes().map((s, i) => [s.name, i] as const))('fetch sends what the call builds: %s', async (_name, i) => {
    const { request } = shapes()[i];
    const got = await runFetch(fetchSnippet(request), {});
    expectSame(got, request, !fetchSnippet(request).includes('new FormData()'));
  });
});
