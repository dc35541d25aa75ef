import { describe, expect, it } from 'vitest';
import { detectFormat } from './version';

describe('detectFormat', () => {
  it.each([
    [{ swagger: '2.0' }, 'swagger', '2.0', 'swagger 2.0'],
    [{ openapi: '3.0.0' }, 'openapi', '3.0.0', 'openapi 3.0.0'],
    [{ openapi: '3.0.4' }, 'openapi', '3.0.4', 'openapi 3.0.4'],
    [{ openapi: '3.1.0' }, 'openapi', '3.1.0', 'openapi 3.1.0'],
    [{ openapi: '3.1.1' }, 'openapi', '3.1.1', 'openapi 3.1.1'],
  ])('recognises %j', (root, kind, version, label) => {
    const r = detectFormat(root, 'a.yaml');
    expect(r).toEqual({ ok: true, value: { kind, version, label }, problems: [] });
  });

  it('reads a version written as a YAML number, with a warning', () => {
    const r = detectFormat({ swagger: 2 }, 'a.yaml');
    expect(r.ok && r.value.label).toBe('swagger 2.0');
    expect(r.problems[0]).toMatchObject({ severity: 'warning', pointer: '/swagger' });
    const s = detectFormat({ openapi: 3.1 }, 'a.yaml');
    expect(s.ok && s.value.version).toBe('3.1');
    expect(s.problems.length).toBe(2);
  });

  it.each([
    [{ openapi: '4.0.0' }, 'openapi: 4.0.0 is not supported'],
    [{ openapi: '3.2.0' }, 'openapi: 3.2.0 is not supported'],
    [{ openapi: '2.0' }, 'openapi: 2.0 is not supported'],
    [{ swagger: '1.2' }, 'swagger: 1.2 is not supported'],
    [{ swagger: '3.0.0' }, 'swagger: 3.0.0 is not supported'],
    [{ openapi: ['3.0.0'] }, '"openapi" must be a version string, found a list'],
  ])('refuses %j naming what it found', (root, message) => {
    const r = detectFormat(root, 'a.yaml');
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatchObject({ ruleId: 'unsupported-version', file: 'a.yaml' });
    expect(r.problems[0].message).toContain(message);
  });

  it.each([
    [{ info: { title: 'x' } }, 'no "openapi" or "swagger" key'],
    [['a'], 'the file is a list'],
    ['hello', 'the file is a string'],
    [null, 'the file is empty'],
  ])('refuses %j as not an OpenAPI document', (root, message) => {
    const r = detectFormat(root, 'a.yaml');
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('not-openapi');
    expect(r.problems[0].message).toContain(message);
  });
});
