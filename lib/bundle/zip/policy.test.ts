import { describe, expect, it } from 'vitest';
import { readSkillZip } from './read';
import { enc, rawZip, file, ruleIds } from '../../../test/raw-zip';
import { declaredBombZip } from '../../../test/hostile';

describe('readSkillZip', () => {
  it.each([
    ['../x', 'zip-parent-segment'],
    ['s/../x', 'zip-parent-segment'],
    ['s/a/../../x', 'zip-parent-segment'],
    ['/x', 'zip-absolute-path'],
    ['/etc/passwd', 'zip-absolute-path'],
    ['..\\x', 'zip-backslash'],
    ['s\\x', 'zip-backslash'],
    ['C:/x', 'zip-drive-letter'],
    ['c:x', 'zip-drive-letter'],
    ['s/x\u0000.md', 'zip-control-character'],
    ['s/x\n.md', 'zip-control-character'],
    ['s/x\u0085.md', 'zip-control-character'],
    [`s/${'a'.repeat(256)}`, 'zip-long-name'],
    [`s/${'é'.repeat(128)}`, 'zip-long-name'],
    ['s//x', 'zip-empty-segment'],
    ['s/./x', 'zip-empty-segment'],
  ])('refuses the whole bundle when an entry is named %j', (name, ruleId) => {
    const result = readSkillZip(rawZip([file('s/SKILL.md'), file(name), file('s/z.md')]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual([ruleId]);
    expect(result.problems[0].severity).toBe('error');
    // The name is shown with control characters escaped.
    expect(result.problems[0].file).not.toMatch(/[\u0000-\u001f\u0085]/);
  });

  it('accepts a segment of exactly 255 bytes when given the longest allowed name', () => {
    const read = readSkillZip(rawZip([file('s/SKILL.md'), file(`s/${'a'.repeat(252)}.md`)]));
    expect(read.ok).toBe(true);
  });

  it('shows a NUL name escaped and shortened when the name is long', () => {
    const result = readSkillZip(rawZip([file(`s/${'a'.repeat(300)}\u0000.md`)]));
    expect(result.problems[0].file).toContain('\\u0000');
    expect(result.problems[0].file.length).toBeLessThan(200);
  });

  it('refuses the whole bundle when an entry is a symlink', () => {
    const link = { name: 's/link.md', data: enc.encode('/etc/passwd'), attrs: (0o120777 << 16) >>> 0 };
    const result = readSkillZip(rawZip([file('s/SKILL.md'), link]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual(['zip-link']);
    expect(result.problems[0].message).toContain('symbolic link');
  });

  it('refuses a symlink when the entry claims a non-Unix host', () => {
    const link = { name: 's/link.md', data: enc.encode('/etc'), host: 0, attrs: (0o120777 << 16) >>> 0 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), link])))).toEqual(['zip-link']);
  });

  it('refuses a Windows reparse point when the entry has that attribute', () => {
    const link = { name: 's/junction', host: 10, attrs: 0x400 | 0x10 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), link])))).toEqual(['zip-link']);
  });

  it('refuses a device or pipe when the Unix mode says so', () => {
    const fifo = { name: 's/pipe', attrs: (0o010644 << 16) >>> 0 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), fifo])))).toEqual(['zip-special-file']);
  });

  it('refuses hidden files when a segment starts with a dot', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/.env')])))).toEqual(['zip-hidden-entry']);
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/.git/config')])))).toEqual(['zip-hidden-entry']);
    expect(ruleIds(readSkillZip(rawZip([file('.s/SKILL.md')])))).toEqual(['zip-hidden-entry']);
  });

  it('refuses duplicate names instead of keeping the last when an entry appears twice', () => {
    const result = readSkillZip(rawZip([file('s/SKILL.md', 'first'), file('s/SKILL.md', 'second')]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual(['zip-duplicate-name']);
  });

  it('refuses names equal but for case when two entries differ only in case', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/a.md'), file('s/A.MD')])))).toEqual(['zip-case-conflict']);
  });

  it('refuses names equal but for Unicode normalization when one is NFC and one NFD', () => {
    const nfc = 's/caf\u00e9.md';
    const nfd = 's/cafe\u0301.md';
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file(nfc), file(nfd)])))).toEqual(['zip-case-conflict']);
  });

  it('refuses a name that is both a file and a folder when the zip holds both', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/a'), file('s/a/b.md')])))).toEqual(['zip-duplicate-name']);
  });

  it('accepts exactly the entry limit and refuses one more when the limit is configured', () => {
    const entries = [file('s/SKILL.md'), file('s/a.md'), file('s/b.md')];
    expect(readSkillZip(rawZip(entries), { maxEntries: 3 }).ok).toBe(true);
    expect(ruleIds(readSkillZip(rawZip(entries), { maxEntries: 2 }))).toEqual(['zip-too-many-entries']);
  });

  // How fast it is refused is measured by `npm run bench` (bench/limits.ts).
  it('refuses a 1 GiB declared bomb without inflating it when sizes are declared honestly', () => {
    // The declared size carries the bomb. Its payload here is not deflate at all: inflating
    // it would give zip-corrupt, so zip-too-large shows the sizes were judged first.
    for (const payload of [undefined, new Uint8Array(64).fill(0xff)]) {
      const result = readSkillZip(declaredBombZip(payload));
      expect(ruleIds(result)).toEqual(['zip-too-large']);
      expect(result.problems[0].message).toMatch(/1\.0 GiB.*200\.0 MiB/);
    }
  });

  it('refuses when many entries together declare more than the unpacked limit', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ ...file(`s/${i}.md`), size: 50 * 1024 * 1024, crc: 0 }));
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), ...entries])))).toEqual(['zip-too-large']);
  });

  it('refuses encrypted entries and unsupported methods when the flags or method say so', () => {
    expect(ruleIds(readSkillZip(rawZip([{ ...file('s/SKILL.md'), flags: 0x801 }])))).toEqual(['zip-encrypted']);
    const bzip2 = rawZip([{ name: 's/SKILL.md', data: enc.encode('x'), rawMethod: 12 }]);
    expect(ruleIds(readSkillZip(bzip2))).toEqual(['zip-unsupported']);
  });
});
