import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constraintsModule, MODULE_FILE, SOURCE_FILE } from './gen-targets';

describe('lib/targets/data/provider-constraints.ts', () => {
  it.skipIf(!existsSync(SOURCE_FILE))('is what scripts/gen-targets.ts makes of ../shared/targets/provider-constraints.json now (run `npm run gen:targets` when this fails)', () => {
    expect(readFileSync(MODULE_FILE, 'utf8')).toBe(constraintsModule(readFileSync(SOURCE_FILE, 'utf8')));
  });

  it('keeps every source and date of the data: the module holds the JSON whole', () => {
    const text = readFileSync(MODULE_FILE, 'utf8');
    const json = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('};') + 1));
    expect(constraintsModule(JSON.stringify(json))).toBe(text);
    expect(JSON.stringify(json)).toContain('snapshot 2026-07-13');
    for (const t of json.targets) expect(t.source.length, t.id).toBeGreaterThan(0);
  });

  it('refuses a source of the wrong shape, naming what is wrong', () => {
    const text = readFileSync(MODULE_FILE, 'utf8');
    const json = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('};') + 1));
    json.targets[1].max_tools = '128';
    delete json.targets[2].tool_name;
    expect(() => constraintsModule(JSON.stringify(json))).toThrow(/expected number, received string\n  → at targets\[1\]\.max_tools\n.*\n  → at targets\[2\]\.tool_name/);
  });
});
