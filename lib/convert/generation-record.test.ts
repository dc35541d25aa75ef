import { describe, expect, it } from 'vitest';
import { generationRecord, readGenerationRecord, writeGenerationRecord } from './generation-record';

describe('generation record', () => {
  it('records nothing for the default options', () => {
    expect(writeGenerationRecord(generationRecord({ fit: true, serverVariables: {}, includeTags: [] }))).toBeUndefined();
  });

  it('writes the non-default options in a fixed order and reads them back', () => {
    const record = generationRecord({ serverVariables: { b: '2', a: '1' }, name: 'pets', fit: false, excludeTags: ['admin'], excludeDeprecated: true });
    const text = writeGenerationRecord(record)!;
    expect(text).toBe('{"name":"pets","serverVariables":{"a":"1","b":"2"},"fit":false,"excludeTags":["admin"],"excludeDeprecated":true}');
    const read = readGenerationRecord({ metadata: { 'generated-with': text } });
    expect(read.ok && read.value).toEqual(record);
  });

  it('reads no record as the default options, and refuses one it cannot rebuild from', () => {
    expect(readGenerationRecord({})).toMatchObject({ ok: true, value: {} });
    for (const bad of ['nope', '[]', '{"fit":true}', '{"colour":"red"}', '{"includeTags":"a"}']) {
      expect(readGenerationRecord({ metadata: { 'generated-with': bad } }).ok, bad).toBe(false);
    }
  });
});
