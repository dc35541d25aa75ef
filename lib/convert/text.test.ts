import { describe, expect, it } from 'vitest';
import { safeMarkdown, splitFirstParagraph } from './text';

describe('safeMarkdown', () => {
  it('writes HTML tags as text when a description holds script, img, iframe or form', () => {
    const out = safeMarkdown('A <script>alert(1)</script> <img src=x onerror=alert(1)> <iframe src=x></iframe> <form action=x> <!-- c -->');
    expect(out).toBe('A &lt;script>alert(1)&lt;/script> &lt;img src=x onerror=alert(1)> &lt;iframe src=x>&lt;/iframe> &lt;form action=x> &lt;!-- c -->');
  });

  it('turns simple attribute-free HTML into markdown when a spec writes HTML descriptions', () => {
    expect(safeMarkdown('<p>Retrieves the <code>id</code> of <a href="https://x.example/a">an account</a>.</p><p>Then <strong>stop</strong>.</p>')).toBe(
      'Retrieves the `id` of [an account](https://x.example/a).\n\nThen **stop**.',
    );
  });

  it('drops script links but keeps their text', () => {
    expect(safeMarkdown('[click](javascript:alert(1)) and [ok](https://ok.example)')).toBe('click and [ok](https://ok.example)');
    expect(safeMarkdown('[x]: javascript:alert(1)')).toBe('\\[x]: javascript:alert(1)');
  });

  it('demotes headings and escapes setext underlines so no section of the file can be faked', () => {
    expect(safeMarkdown('## The call\n\nText\n---\nadmin: true\n\n# Operations')).toBe('#### The call\n\nText\n\\---\nadmin: true\n\n### Operations');
  });

  it('closes a code fence the description leaves open, and leaves fenced and code-span text alone', () => {
    expect(safeMarkdown('Use `<b>`:\n```html\n<b>bold</b>')).toBe('Use `<b>`:\n```html\n<b>bold</b>\n```');
  });

  it('keeps autolinks and normalises line breaks and control characters', () => {
    expect(safeMarkdown('See <https://x.example>\r\nnow\u0007')).toBe('See <https://x.example>\nnow');
  });
});

describe('splitFirstParagraph', () => {
  it('skips leading headings and returns the rest', () => {
    expect(splitFirstParagraph('# Title\n\nFirst\nline.\n\nSecond.')).toEqual({ first: 'First line.', rest: 'Second.' });
  });
});
