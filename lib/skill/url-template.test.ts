import { describe, expect, it } from 'vitest';
import { encodePathValue, fillPath, parseSegment, pathParameterNames, templateKey } from './url-template';

describe('parseSegment', () => {
  it('splits literal text and parameters when they share a segment', () => {
    expect(parseSegment('{year}-{month}.json')).toEqual({ parts: [{ name: 'year' }, { literal: '-' }, { name: 'month' }, { literal: '.json' }] });
  });
  it('reports two parameters with nothing between them at the second', () => {
    expect(parseSegment('{a}{b}')).toEqual({ fault: { at: 3, kind: 'adjacent' } });
  });
  it('reports a brace inside a name as unclosed', () => {
    expect(parseSegment('{a{b}')).toEqual({ fault: { at: 0, kind: 'unclosed' } });
  });
});

describe('pathParameterNames', () => {
  it('names parameters inside segments in URL order', () => {
    expect(pathParameterNames('https://a.example/v1/{name}:cancel/{Sid}.json/{y}-{m}')).toEqual(['name', 'Sid', 'y', 'm']);
  });
  it('skips a malformed segment', () => {
    expect(pathParameterNames('https://a.example/{a}{b}/{c}')).toEqual(['c']);
  });
});

describe('fillPath', () => {
  it('keeps the literal text around each value', () => {
    expect(fillPath('https://a.example/Calls/{Sid}.json?x#y', (n) => `<${n}>`)).toBe('https://a.example/Calls/<Sid>.json?x#y');
  });
});

describe('encodePathValue', () => {
  it('encodes everything outside the unreserved set when a value holds reserved characters', () => {
    expect(encodePathValue("a/b c!'()*:~._-é")).toBe('a%2Fb%20c%21%27%28%29%2A%3A~._-%C3%A9');
  });
});

describe('templateKey', () => {
  it('is the same when only parameter names differ inside a segment', () => {
    expect(templateKey('get', 'https://A.example/Calls/{Sid}.json')).toBe(templateKey('GET', 'https://a.example/Calls/{CallSid}.json'));
  });
  it('differs when the literal text beside a parameter differs', () => {
    expect(templateKey('GET', 'https://a.example/{id}.json')).not.toBe(templateKey('GET', 'https://a.example/{id}.xml'));
  });
  it('differs between a whole-segment parameter and one with a suffix', () => {
    expect(templateKey('GET', 'https://a.example/{id}')).not.toBe(templateKey('GET', 'https://a.example/{id}.json'));
  });
});
