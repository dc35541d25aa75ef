import { describe, expect, it } from 'vitest';
import { problem } from '../core/problem';
import { skillVerdict, UNRESOLVED_METADATA, WITHOUT_UNRESOLVED_METADATA } from './verdict';

const data = (metadata: Record<string, string>) => ({ name: 's', metadata });

describe('skillVerdict', () => {
  it('is publishable with no errors and no spec problems recorded', () => {
    expect(skillVerdict([problem('x', 'warning', 'w', 'a.md')], data({}))).toMatchObject({ kind: 'publishable', errors: [], spec: [] });
  });

  it('holds a skill back for the spec\'s unresolved references recorded in its metadata, an error about the spec', () => {
    const v = skillVerdict([], data({ [UNRESOLVED_METADATA]: '3' }));
    expect(v.kind).toBe('spec');
    expect(v.spec).toEqual([expect.objectContaining({ ruleId: 'spec-unresolved-references', severity: 'error', file: 'SKILL.md' })]);
    expect(v.spec[0].message).toContain('3 references that do not resolve');
  });

  it('keeps them a warning about the spec once the user went on without them', () => {
    const v = skillVerdict([], data({ [UNRESOLVED_METADATA]: '1', [WITHOUT_UNRESOLVED_METADATA]: 'true' }));
    expect(v.kind).toBe('publishable');
    expect(v.spec[0].severity).toBe('warning');
  });

  it('puts the skill\'s own errors first', () => {
    const v = skillVerdict([problem('x', 'error', 'e', 'a.md')], data({ [UNRESOLVED_METADATA]: '2' }));
    expect(v.kind).toBe('skill');
    expect(v.errors).toHaveLength(1);
  });

  it('reads nothing from metadata that is not a count', () => {
    expect(skillVerdict([], data({ [UNRESOLVED_METADATA]: 'many' })).kind).toBe('publishable');
    expect(skillVerdict([], undefined).kind).toBe('publishable');
  });
});
