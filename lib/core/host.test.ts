import { describe, expect, it } from 'vitest';
import { classifyHost, hostToAscii } from './host';

describe('classifyHost', () => {
  it.each([
    ['localhost', 'loopback'],
    ['LOCALHOST:8080', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['10.0.0.5', 'private'],
    ['192.168.1.1:443', 'private'],
    ['172.16.0.1', 'private'],
    ['[fd00::1]', 'private'],
    ['169.254.169.254', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['2130706433', 'number'],
    ['0x7f000001', 'number'],
    ['127.1', 'loopback'],
    ['example.com', 'placeholder'],
    ['api.example.org', 'placeholder'],
    ['аpi.stripe.com', 'mixed-script'],
  ])('calls %s %s', (host, kind) => {
    expect(classifyHost(host)?.kind).toBe(kind);
  });

  it.each(['api.stripe.com', 'api.acme.io:8443', '8.8.8.8', '[2001:db8::1]', 'münchen.de', 'api.github.com.'])('lets %s be a vendor host', (host) => {
    expect(classifyHost(host)).toBeUndefined();
  });
});

describe('hostToAscii', () => {
  it('writes a host in its ASCII form', () => {
    expect(hostToAscii('münchen.de')).toBe('xn--mnchen-3ya.de');
    expect(hostToAscii('API.Acme.io')).toBe('api.acme.io');
  });
});
