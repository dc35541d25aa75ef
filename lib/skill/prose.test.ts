import { describe, expect, it } from 'vitest';
import { findCallSection, firstParagraph, firstParagraphLine, replaceCallSection, stripCallSection, stripGeneratedCallSection } from './prose';

describe('firstParagraph', () => {
  it('skips headings and folds line breaks when the prose starts with a heading', () => {
    expect(firstParagraph('# Create\n\nCreate a\npet.\n\nMore.\n')).toBe('Create a pet.');
  });
  it('is empty when the prose has only headings', () => {
    expect(firstParagraph('## Only\n\n')).toBe('');
    expect(firstParagraph('')).toBe('');
  });
  it('reads CRLF line ends as line ends, a lone CR as text, and a last line with no line end', () => {
    expect(firstParagraph('\r\n# Title\r\n\r\nOne\r\ntwo\r\n\r\nThree.\r\n')).toBe('One two');
    expect(firstParagraph('a\rb\nc')).toBe('a\rb c');
    expect(firstParagraph('Only line')).toBe('Only line');
    expect(firstParagraph('Ends at a heading\n## Next\nMore')).toBe('Ends at a heading');
  });
  it('gives the 1-based line the paragraph starts on', () => {
    expect(firstParagraphLine('\r\n# Title\r\n  \r\nOne\r\n')).toBe(4);
    expect(firstParagraphLine('One')).toBe(1);
    expect(firstParagraphLine('# Only\n\n')).toBeUndefined();
    expect(firstParagraphLine('')).toBeUndefined();
  });
});

describe('stripCallSection', () => {
  const call = '## The call\n`POST https://a.example/x`\n\n- `a` (string, required)\n';
  it('removes a trailing call section and leaves one final newline', () => {
    expect(stripCallSection(`Hi.\n\nMore.\n\n${call}`)).toBe('Hi.\n\nMore.\n');
  });
  it('removes a call section in the middle and keeps what follows', () => {
    expect(stripCallSection(`Hi.\n\n${call}\n## Notes\nN.\n`)).toBe('Hi.\n\n## Notes\nN.\n');
  });
  it('round-trips with replaceCallSection when the prose ends with one newline', () => {
    const prose = 'Hi.\n\nMore.\n';
    expect(stripCallSection(replaceCallSection(prose, call))).toBe(prose);
    expect(replaceCallSection(replaceCallSection(prose, call), call)).toBe(replaceCallSection(prose, call));
  });
});

describe('findCallSection', () => {
  it.each([
    { name: 'a backtick fence', prose: 'Hi.\n\n```md\n## The call\nx\n```\n' },
    { name: 'a tilde fence with backticks inside', prose: 'Hi.\n\n~~~\n```\n## The call\n~~~\n' },
    { name: 'a fence in a list item', prose: 'Hi.\n\n- ```\n  ## The call\n  ```\n' },
    { name: 'a fence in a block quote', prose: 'Hi.\n\n> ```\n> ## The call\n> ```\n' },
    { name: 'a fence left open to the end', prose: 'Hi.\n\n````\n## The call\n```\n' },
  ])('finds no section when `## The call` is inside $name', ({ prose }) => {
    expect(findCallSection(prose)).toBeUndefined();
  });

  it('finds the section after a fence that closes, and ends it at the next heading outside fences', () => {
    const prose = 'Hi.\n\n```\n## The call\n```\n\n## The call\nx\n\n```\n## Notes\n```\n\n## Notes\nN.\n';
    expect(findCallSection(prose)).toEqual({ start: 6, end: 13 });
  });

  it('ends a fence in a list item with the item', () => {
    expect(findCallSection('- ```\n  code\n\n## The call\nx\n')).toEqual({ start: 3, end: 6 });
  });
});

describe('stripCallSection with fenced examples', () => {
  it('keeps a fenced example holding `## The call` whole when stripping the section after it', () => {
    const example = 'Hi.\n\n```markdown\n## The call\n`GET /x`\n```\n\nAfter the example.\n';
    expect(stripCallSection(`${example}\n## The call\n\n\`GET /pets\`\n`)).toBe(example);
    expect(stripCallSection(example)).toBe(example);
  });
});

describe('replaceCallSection and stripGeneratedCallSection', () => {
  const section = '## The call\n\n`GET /pets`\n\nNo body.\n';

  it('closes a fence left open at the end, so the section is not read as code', () => {
    expect(replaceCallSection('Hi.\n\n````js\ncode\n', section)).toBe(`Hi.\n\n\`\`\`\`js\ncode\n\`\`\`\`\n\n${section}`);
  });

  it('leaves a fence in a list item to end with the item', () => {
    expect(replaceCallSection('- ```\n  code\n', section)).toBe(`- \`\`\`\n  code\n\n${section}`);
  });

  it.each([
    { name: 'plain prose', prose: 'Hi.\n\nMore.\n' },
    { name: 'no prose', prose: '' },
    { name: 'CRLF prose', prose: 'Hi.\r\n\r\nMore.\r\n' },
    { name: 'a fenced example holding the heading', prose: 'Hi.\n\n```\n## The call\n`GET /pets`\n\nNo body.\n```\n' },
    { name: 'a hand-written section in the middle', prose: 'Hi.\n\n## The call\nold\n\n## Notes\nN.\n' },
    { name: 'an open fence', prose: 'Hi.\n\n```\ncode\n' },
  ])('gives the same export after an import when the prose has $name', ({ prose }) => {
    const exported = replaceCallSection(prose, section);
    const imported = stripGeneratedCallSection(exported, section);
    expect(replaceCallSection(imported, section)).toBe(exported);
  });

  it('takes off exactly the generated section, even when it holds what looks like a heading', () => {
    const odd = '## The call\n\n`GET /x`\n\n## Not a real part of it\n';
    expect(stripGeneratedCallSection(`Hi.\n\n${odd}`, odd)).toBe('Hi.\n');
    expect(stripGeneratedCallSection(odd, odd)).toBe('');
  });

  it('falls back to the section by its heading when the text is not the generated one', () => {
    expect(stripGeneratedCallSection(`Hi.\n\n## The call\n\nedited\n`, section)).toBe('Hi.\n');
  });
});
