import { createHash } from 'node:crypto';
import { describe, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from './csp-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script over its exact text, and skips external and empty ones', ({ expect }) => {
    const html = [
      '<script src="/_next/static/a.js" async=""></script>',
      '<script id="_R_">(globalThis.T ||= []).push(1)</script>',
      '<script>self.__next_f.push([1,"é\\n"])</script>',
      '<SCRIPT type="module">\n  x()\n</SCRIPT >',
      '<script></script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('(globalThis.T ||= []).push(1)'), sha('self.__next_f.push([1,"é\\n"])'), sha('\n  x()\n')]);
  });
});

describe('withScriptHashes', () => {
  it("replaces 'unsafe-inline' in script-src with the hashes and leaves every other directive as it was", ({ expect }) => {
    const policy = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(policy, ["'sha256-a'", "'sha256-b'"])).toBe("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'unsafe-inline'");
  });

  it("returns undefined when script-src has no 'unsafe-inline' to replace", ({ expect }) => {
    expect(withScriptHashes("script-src 'self' 'unsafe-eval'; style-src 'unsafe-inline'", ["'sha256-a'"])).toBeUndefined();
  });
});
