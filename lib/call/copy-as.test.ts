import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from './build-request';
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
