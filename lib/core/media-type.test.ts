import { describe, expect, it } from 'vitest';
import { essenceOf, isFormMediaType, isJsonMediaType, isMultipartMediaType } from './media-type';

describe('media types', () => {
  it('compares by essence, parameters and case aside', () => {
    expect(essenceOf(' Application/JSON ; charset=utf-8')).toBe('application/json');
  });

  it('takes every JSON name as JSON', () => {
    for (const t of ['application/json', 'application/json; charset=utf-8', 'text/json', 'application/x-json', 'application/merge-patch+json', 'application/vnd.api+json']) {
      expect(isJsonMediaType(t), t).toBe(true);
    }
    for (const t of ['application/xml', 'text/plain', 'application/jsonl', 'application/x-ndjson', 'multipart/form-data']) {
      expect(isJsonMediaType(t), t).toBe(false);
    }
  });

  it('knows form and multipart bodies', () => {
    expect(isFormMediaType('application/x-www-form-urlencoded; charset=UTF-8')).toBe(true);
    expect(isMultipartMediaType('Multipart/Form-Data')).toBe(true);
    expect(isFormMediaType('multipart/form-data')).toBe(false);
  });
});
