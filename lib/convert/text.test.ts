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

  it('turns a simple HTML table into a markdown table when its cells hold text, inline tags and code spans', () => {
    const table = '<table>\n  <tr><th style="white-space: nowrap">Field</th><th>Required <b>scope</b></th></tr>\n  <tr><td><code>team</code></td><td>`a|b` or c|d<br>e</td></tr>\n  <tr><td onclick="x()">one</td></tr>\n</table>';
    expect(safeMarkdown(`Scopes:\n\n${table}\n\nDone.`)).toBe(
      ['Scopes:', '', '| Field | Required **scope** |', '| --- | --- |', '| `team` | `a\\|b` or c\\|d e |', '| one |  |', '', 'Done.'].join('\n'),
    );
  });

  it('escapes a table it cannot write as markdown, when a cell spans columns or holds a list', () => {
    expect(safeMarkdown('<table><tr><td colspan="2">x</td></tr></table>')).toBe('&lt;table>&lt;tr>&lt;td colspan="2">x&lt;/td>&lt;/tr>&lt;/table>');
    expect(safeMarkdown('<table><tr><td><ul><li>x</li></ul></td></tr></table>')).toMatch(/^&lt;table>&lt;tr>&lt;td>/);
    expect(safeMarkdown('<table><tr><td>x</td></tr>text<tr><td>y</td></tr></table>')).toMatch(/^&lt;table>/);
  });

  it('numbers an ordered list and indents a list inside an item, dropping list attributes', () => {
    expect(safeMarkdown('Then:<ol><li>first</li><li>second <ul class="x"><li>inner <code>a</code></li><li>`b`</li></ul></li><li>third</li></ol>After.')).toBe(
      'Then:\n\n1. first\n2. second\n   - inner `a`\n   - `b`\n3. third\n\nAfter.',
    );
    expect(safeMarkdown('<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>')).toBe('- a\n- b');
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
