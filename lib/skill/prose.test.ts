import { describe, expect, it } from 'vitest';
import { firstParagraph, replaceCallSection, stripCallSection } from './prose';

describe('firstParagraph', () => {
  it('skips headings and folds line breaks when the prose starts with a heading', () => {
    expect(firstParagraph('# Create\n\nCreate a\npet.\n\nMore.\n')).toBe('Create a pet.');
  });
  it('is empty when the prose has only headings', () => {
    expect(firstParagraph('## Only\n\n')).toBe('');
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
