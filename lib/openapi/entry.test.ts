import { describe, expect, it } from 'vitest';
import { findEntry } from './entry';

const f = (path: string, text: string) => ({ path, text });

describe('findEntry', () => {
  it('picks the one file with a top-level openapi or swagger key', () => {
    const r = findEntry([
      f('schemas/pet.yaml', 'type: object\n'),
      f('api.yaml', 'openapi: 3.0.0\npaths: {}\n'),
      f('README.md', 'openapi: is mentioned here\n'),
    ]);
    expect(r).toEqual({ ok: true, value: 'api.yaml', problems: [] });
  });

  it('reads JSON, and ignores a nested "openapi" key', () => {
    const r = findEntry([
      f('a.json', '{"info": {"openapi": "3.0.0"}}'),
      f('b.json', '{\n  "swagger": "2.0", "paths": {}\n}'),
    ]);
    expect(r.ok && r.value).toBe('b.json');
  });

  it('ignores a nested YAML key and quoted top-level keys count', () => {
    const r = findEntry([f('a.yaml', 'x:\n  openapi: 3.0.0\n'), f('b.yaml', '"openapi": "3.1.0"\n')]);
    expect(r.ok && r.value).toBe('b.yaml');
  });

  it('prefers the candidate no other file references', () => {
    const r = findEntry([
      f('main.yaml', 'openapi: 3.0.0\npaths:\n  /a:\n    $ref: "part.yaml"\n'),
      f('part.yaml', 'openapi: 3.0.0\nget: {}\n'),
    ]);
    expect(r.ok && r.value).toBe('main.yaml');
  });

  it('refuses two independent specs as ambiguous, naming them', () => {
    const r = findEntry([f('v2.yaml', 'swagger: "2.0"\n'), f('v3.yaml', 'openapi: 3.0.0\n')]);
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('entry-ambiguous');
    expect(r.problems[0].message).toContain('v2.yaml, v3.yaml');
  });

  it('refuses a set with no spec', () => {
    const r = findEntry([f('a.yaml', 'a: 1\n'), f('b.yaml', 'b: 1\n')]);
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('entry-not-found');
  });
});
