import { describe, expect, it } from 'vitest';
import { parseSpecUrl } from './spec-url';

describe('parseSpecUrl', () => {
  it('takes an http(s) address and names the file after its last segment', () => {
    expect(parseSpecUrl(' https://example.com/specs/api%20v2.yaml?raw=1 ')).toEqual({ ok: true, value: { url: 'https://example.com/specs/api%20v2.yaml?raw=1', fileName: 'api v2.yaml' }, problems: [] });
    expect(parseSpecUrl('http://example.com/')).toMatchObject({ ok: true, value: { url: 'http://example.com/', fileName: 'spec' } });
  });

  it.each([
    ['file:///etc/passwd', 'Only http and https addresses are fetched, not `file:`: upload the file instead'],
    ['data:text/yaml,openapi: 3.0.0', 'Only http and https addresses are fetched, not `data:`: upload the file instead'],
    ['javascript:alert(1)', 'Only http and https addresses are fetched, not `javascript:`: upload the file instead'],
    ['specs/api.yaml', '`specs/api.yaml` is not an address: give the whole URL, starting with https://'],
    ['https://user:secret@example.com/api.yaml', 'An address with a user name or password is refused: the browser would send them to that server'],
    ['  ', 'Type the address of a spec, starting with https://'],
  ])('refuses %s', (text, message) => {
    const r = parseSpecUrl(text);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.message)).toEqual([message]);
  });
});
