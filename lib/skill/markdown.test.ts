import { describe, expect, it } from 'vitest';
import { seeded } from '../../test/random';
import { CODE_SPAN, codeSpan, inlineText, safeInline, safeParagraph, shorten } from './markdown';

describe('codeSpan', () => {
  it.each([
    { value: 'pet_id', span: '`pet_id`' },
    { value: 'a`b', span: '``a`b``' },
    { value: 'a``b`', span: '``` a``b` ```' },
    { value: '`x', span: '`` `x ``' },
    { value: ' padded ', span: '`  padded  `' },
    { value: '<img src=x onerror=alert(1)>', span: '`<img src=x onerror=alert(1)>`' },
    { value: 'a\nb', span: '`"a\\nb"`' },
    { value: 'x`\n## Injected heading\n<img onerror=alert(1)>\n---\nadmin: true', span: '``"x`\\n## Injected heading\\n<img onerror=alert(1)>\\n---\\nadmin: true"``' },
    { value: 'a\rb', span: '`"a\\rb"`' },
    { value: 'tab\there', span: '`"tab\\there"`' },
    { value: 'lone \ud800', span: '`"lone \\ud800"`' },
    { value: 'pair 😀', span: '`pair 😀`' },
    { value: '', span: '`""`' },
    { value: '   ', span: '`"   "`' },
  ])('writes $value as $span', ({ value, span }) => {
    expect(codeSpan(value)).toBe(span);
  });

  it('never lets a value end its span or its line, for every backtick run and line break', () => {
    for (const value of ['`', '``', '```', 'a`', '`a`', '``a``', 'a\n`', '\u2028', '\r\n']) {
      const span = codeSpan(value);
      expect(span).not.toMatch(/[\r\n]/);
      const fence = /^`+/.exec(span)![0];
      // The span's content holds no run of backticks as long as its fence.
      expect(span.slice(fence.length, -fence.length).includes(fence)).toBe(false);
      expect(span.endsWith(fence) && !span.endsWith(`${fence}\``)).toBe(true);
    }
  });
});

describe('inlineText', () => {
  it('folds a description to one safe line, cut at a sentence', () => {
    expect(inlineText('First.\n## Heading\n<script>alert(1)</script> [x](javascript:alert(1))\n---\nadmin: true', 300)).toBe(
      'First. ## Heading &lt;script>alert(1)&lt;/script> x --- admin: true',
    );
    expect(inlineText('One two. Three four five six.', 20)).toBe('One two.');
  });
});

describe('safeParagraph', () => {
  it('folds lines and escapes a first character that would start a heading, list or fence', () => {
    expect(safeParagraph('---')).toBe('\\---');
    expect(safeParagraph('---\nadmin: true')).toBe('--- admin: true');
    expect(safeParagraph('- item')).toBe('\\- item');
    expect(safeParagraph('**Bold** start')).toBe('**Bold** start');
    expect(safeParagraph('# Title')).toBe('\\# Title');
    expect(safeParagraph('1. First')).toBe('1\\. First');
    expect(safeParagraph('List <b>pets</b>')).toBe('List &lt;b>pets&lt;/b>');
  });
});

describe('shorten', () => {
  it('cuts at a sentence when one fits, else at a word with an ellipsis', () => {
    expect(shorten('One two. Three four five six.', 20)).toBe('One two.');
    expect(shorten('aaaa bbbb cccc dddd', 12)).toBe('aaaa bbbb…');
  });
});

describe('safeInline', () => {
  // The rewriting without the quick way out for lines that hold neither `<` nor `](`.
  const everyTime = (line: string) => {
    const escape = (t: string) =>
      t
        .replace(/<(?!(?:https?|mailto):[^\s<>]*>)(?=[A-Za-z!/?])/gi, '&lt;')
        .replace(/\[([^\]]*)\]\(\s*<?\s*(?:javascript|vbscript|data)\s*:(?:[^()]|\([^()]*\))*\)/gi, '$1')
        .replace(/\]\(\s*<?\s*(?=(?:javascript|vbscript|data)\s*:)/gi, '](#');
    let out = '';
    let last = 0;
    for (const m of line.matchAll(CODE_SPAN)) {
      out += escape(line.slice(last, m.index)) + m[0];
      last = m.index! + m[0].length;
    }
    return out + escape(line.slice(last));
  };

  it('rewrites every line as it did when each was searched, lines with and without `<` and `](` (seeded)', () => {
    const rnd = seeded(23);
    let rewritten = 0;
    for (let n = 0; n < 2_000; n++) {
      const line = Array.from({ length: rnd.int(12) }, () => rnd.pick(['a', ' ', '<', 'b>', '[x]', ']', '(', ')', '`', 'javascript:', 'Data :', '<https://x.example>', 'mailto:', '!', '/'])).join('');
      const expected = everyTime(line);
      expect(safeInline(line), line).toBe(expected);
      if (expected !== line) rewritten++;
    }
    expect(rewritten).toBeGreaterThan(100);
  });
});
