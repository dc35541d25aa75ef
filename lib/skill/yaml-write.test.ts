import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { yamlFlowList, yamlScalar } from './yaml-write';

describe('yamlScalar', () => {
  const tricky = ['', 'true', 'No', '~', 'null', '12', '-1', '.5', '0x1f', '1e3', 'a: b', 'a #b', 'a:', ' lead', 'trail ', '*alias', '&anchor', '!tag', '@at', '`tick', '|', '>', '%x', '- item', '? q', '{a}', '[a]', 'a, b', '"q"', "'q'", 'line\nbreak', 'tab\there', 'POST /pets/{id}', 'https://a.example/x/{id}', 'émoji 🐾', '---', '\u2028'];
  it('reads back as the same string when written in block context', () => {
    for (const s of tricky) expect(parse(`k: ${yamlScalar(s)}`)).toEqual({ k: s });
  });
  it('reads back as the same strings when written in a flow list', () => {
    expect(parse(`k: ${yamlFlowList(tricky)}`)).toEqual({ k: tricky });
  });
  it('leaves ordinary words and URLs unquoted', () => {
    expect(yamlScalar('POST /pets/*')).toBe('POST /pets/*');
    expect(yamlScalar('https://a.example/v1/{id}')).toBe('https://a.example/v1/{id}');
    expect(yamlFlowList(['room_id', 'guest_name'])).toBe('[room_id, guest_name]');
  });
});
