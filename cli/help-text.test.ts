import { describe, it } from 'vitest';
import { fitHelp, fitUsage } from './help-text';

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

describe('fitHelp', () => {
  it('keeps a paragraph that fits as its author broke it', ({ expect }) => {
    const text = 'A short line.\nAnother one, broken here\non purpose.';
    expect(fitHelp(text, 40)).toBe(text);
  });

  it('wraps a paragraph with a line over the width again, every word kept in order', ({ expect }) => {
    const text = 'The first line of this paragraph runs well past the width it is given.\nA second line.';
    const fitted = fitHelp(text, 30);
    expect(fitted.split('\n').every((l) => l.length <= 30)).toBe(true);
    expect(words(fitted)).toEqual(words(text));
    expect(fitted.split('\n')[0]).toBe('The first line of this');
  });

  it("continues an option's description under its column", ({ expect }) => {
    const text = '  --zip <file>   also writes the bundle, with the call generated into each file';
    expect(fitHelp(text, 50)).toBe(['  --zip <file>   also writes the bundle, with the', '                 call generated into each file'].join('\n'));
  });

  it('wraps the description under an option alone on its line at the column it is written at', ({ expect }) => {
    const text = ['  --server-var <name=value>', '        a value for each server variable, repeated as often as there are variables'].join('\n');
    expect(fitHelp(text, 44)).toBe(
      ['  --server-var <name=value>', '        a value for each server variable,', '        repeated as often as there are', '        variables'].join('\n'),
    );
  });

  it('keeps an indented example and blank lines as written, however long', ({ expect }) => {
    const text = 'Prints:\n\n  file:line:column rule-id [(warning)] message, one line per problem found\n';
    expect(fitHelp(text, 40)).toBe(text);
  });

  it('leaves a word longer than the width on a line of its own', ({ expect }) => {
    expect(fitHelp('see https://example.com/a/very/long/address/that/cannot/break here', 20).split('\n')).toEqual([
      'see',
      'https://example.com/a/very/long/address/that/cannot/break',
      'here',
    ]);
  });
});

describe('fitUsage', () => {
  it('wraps between the parts, a bracketed option or argument kept whole, under the first argument', ({ expect }) => {
    const usage = 'convert <spec file | folder> --out <folder> [--name <skill>] [--server-var <name=value>]… [--force]';
    expect(fitUsage('Usage: tool ', usage, 50).split('\n')).toEqual([
      'Usage: tool convert <spec file | folder> --out',
      '                    <folder> [--name <skill>]',
      '                    [--server-var <name=value>]…',
      '                    [--force]',
    ]);
  });

  it('keeps a usage that fits on one line', ({ expect }) => {
    expect(fitUsage('Usage: tool ', 'validate <skill>', 80)).toBe('Usage: tool validate <skill>');
  });
});
