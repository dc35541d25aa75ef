import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serialize } from 'node:v8';
import { yamlFlowList, yamlFlowListItems, yamlScalar } from './yaml-write';

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
  it('gives items and where each starts', () => {
    const { text, starts } = yamlFlowListItems(['room_id', 'a: b', 'x']);
    expect(text).toBe('[room_id, "a: b", x]');
    expect(starts.map((at) => text.slice(at, at + 3))).toEqual(['roo', '"a:', 'x]']);
  });
  it('writes a list of names V8 has internalized one byte a character, as their characters allow', () => {
    // Names parsed from a spec and then used as keys, as the converter uses parameter names:
    // V8 turns each into a thin string, which its Array#join takes for two bytes a character.
    const names = JSON.parse('["pretty", "dryRun", "fieldManager"]') as string[];
    const keyed: Record<string, number> = {};
    for (const n of names) keyed[n] = 1;
    // v8.serialize tags a string written one byte a character with '"', two bytes with 'c'.
    const tag = (s: string) => String.fromCharCode(serialize(s)[2]);
    expect(tag(yamlFlowListItems(names).text)).toBe('"');
    expect(tag(yamlFlowListItems([...names, 'naïve']).text)).toBe('"');
    // Not vacuous: what a character needs two bytes for is written so.
    expect(tag(yamlFlowListItems([...names, 'I → O']).text)).toBe('c');
  });
});
