import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { buildRequest } from './build-request';
import { callableOperation, type CallableOperation } from './callable';
import { checkRequestUrl, rebaseUrl } from './request-host';

/** A one-operation skill whose file `op.md` calls `url` with a path parameter `id`. */
function callable(url: string): CallableOperation {
  const files = new Map([['op.md', `---\noperation:\n  method: GET\n  url: ${JSON.stringify(url)}\n---\nDo it.\n`]]);
  const pkg = parseSkillPackage({ folder: 'shop', files });
  const c = callableOperation(pkg, pkg.operations[0]);
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.value;
}

// BAD-INPUT 49: a hand-written skill's host is what the request is built to, whatever the rules say of it.
describe('buildRequest to a host that cannot be the vendor\'s', () => {
  it.for([
    'https://169.254.169.254/latest/meta-data/{id}',
    'https://127.0.0.1/{id}',
    'https://10.0.0.5/{id}',
    'https://localhost:8443/{id}',
    'https://[::1]/{id}',
    'https://2130706433/{id}',
    'https://0x7f.1/{id}',
    'https://[::ffff:169.254.169.254]/{id}',
    'https://аpi.acme.io/{id}',
  ])('refuses %s, naming the host, and builds nothing', (url) => {
    const r = buildRequest(callable(url), { id: '1' });
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => [p.ruleId, p.severity])).toContainEqual(['call-host', 'error']);
    expect(r.problems.find((p) => p.ruleId === 'call-host')?.message).toMatch(/^The host `.+` (is|mixes) .*: a call there is refused\. Give the base URL to call it on purpose$/);
  });

  it('builds the request to the base URL the user gave, any host, with its path before the operation\'s', () => {
    const r = buildRequest(callable('https://127.0.0.1/v1/items/{id}'), { id: '7' }, { baseUrl: 'http://localhost:4010/mock/' });
    expect(r.ok && r.value.url).toBe('http://localhost:4010/mock/v1/items/7');
    expect(r.problems).toEqual([]);
    const bare = buildRequest(callable('https://api.acme.io/v1/items/{id}'), { id: '7' }, { baseUrl: 'http://127.0.0.1:4010' });
    expect(bare.ok && bare.value.url).toBe('http://127.0.0.1:4010/v1/items/7');
  });

  it('refuses a base URL that is not an absolute http(s) URL with a host, or carries credentials, a query or a fragment', () => {
    for (const baseUrl of ['localhost:4010', 'ftp://h.example', 'http://', 'https://u:p@h.example', 'https://h.example/?a=1', 'https://h.example/#x']) {
      const r = buildRequest(callable('https://api.acme.io/{id}'), { id: '1' }, { baseUrl });
      expect(r.ok, baseUrl).toBe(false);
      expect(r.problems.map((p) => p.ruleId), baseUrl).toEqual(['call-base-url']);
    }
  });

  it('builds a plain-http request with a warning, and an https one to a vendor\'s host with none', () => {
    const plain = buildRequest(callable('http://api.acme.io/{id}'), { id: '1' });
    expect(plain.ok).toBe(true);
    expect(plain.problems.map((p) => [p.ruleId, p.severity, p.message])).toEqual([
      ['call-http', 'warning', '`http://api.acme.io` is plain http: the request and the credentials the gateway attaches travel unencrypted'],
    ]);
    const safe = buildRequest(callable('https://api.acme.io/{id}'), { id: '1' });
    expect(safe.ok && safe.problems).toEqual([]);
    // A documentation name may be the user's own sandbox: the rules warn of it, the call is built.
    expect(buildRequest(callable('https://api.example.com/{id}'), { id: '1' }).ok).toBe(true);
  });
});

describe('checkRequestUrl', () => {
  it('refuses credentials and schemes other than http(s) in the URL a call goes to', () => {
    expect(checkRequestUrl('https://u@h.example/a', 'op.md', false).map((p) => p.ruleId)).toEqual(['call-url']);
    expect(checkRequestUrl('ftp://h.example/a', 'op.md', false).map((p) => p.ruleId)).toEqual(['call-url']);
    expect(checkRequestUrl('/a', 'op.md', false).map((p) => p.message)).toEqual(["`/a` is not an absolute http or https URL, so no request can be built: give the API's base URL (`https://…`)"]);
  });
});

describe('rebaseUrl', () => {
  it('keeps the template\'s path and parameters, and a relative template is put under the base URL', () => {
    expect(rebaseUrl('https://api.acme.io/v1/{id}', 'http://localhost:4010', 'op.md')).toEqual({ ok: true, value: 'http://localhost:4010/v1/{id}', problems: [] });
    expect(rebaseUrl('/v1/{id}', 'https://sandbox.acme.io/api', 'op.md')).toEqual({ ok: true, value: 'https://sandbox.acme.io/api/v1/{id}', problems: [] });
  });
});
