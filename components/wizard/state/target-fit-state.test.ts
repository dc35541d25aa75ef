import { describe, expect, it } from 'vitest';
import type { TargetDetail, TokensView } from '../../../lib/wizard/target-fit';
import { fitReducer, initialFitState, type FitState } from './target-fit-state';

const tokens = (id: string): TokensView => ({
  model: { id, label: id, method: 'formula' },
  tools: [{ file: 'a.md', name: 'shop_a', tokens: 40, exact: true }],
  toolTokens: 40,
  overhead: [{ tokens: 12, what: 'func_end, once per tool list' }],
  total: 52,
  counted: 1,
  models: ['gpt-4o', 'gemini'].map((m) => ({ id: m, label: m, method: 'formula' as const })),
});
const detail = (target: string): TargetDetail => ({ target, title: target, verdict: 'fits', problems: [], remaining: [] });

describe('fitReducer', () => {
  it('takes the first count for the worker\'s default model, then only counts for the model chosen', () => {
    let s = fitReducer(initialFitState, { type: 'tokens', tokens: tokens('gpt-4o') });
    expect(s.tokens!.model.id).toBe('gpt-4o');
    s = fitReducer(s, { type: 'model', model: 'gemini' });
    expect(fitReducer(s, { type: 'tokens', tokens: tokens('gpt-4o') })).toBe(s);
    expect(fitReducer(s, { type: 'tokens', tokens: tokens('gemini') }).tokens!.model.id).toBe('gemini');
  });

  it('keeps the reasons of the target open, drops those of another, and closes them', () => {
    let s: FitState = fitReducer(initialFitState, { type: 'open', target: 'gemini' });
    expect(s.open).toEqual({ target: 'gemini', detail: null });
    expect(fitReducer(s, { type: 'detail', detail: detail('cursor') })).toBe(s);
    s = fitReducer(s, { type: 'detail', detail: detail('gemini') });
    expect(fitReducer(s, { type: 'open', target: 'gemini' }).open!.detail).toEqual(detail('gemini'));
    expect(fitReducer(s, { type: 'open', target: 'cursor' }).open).toEqual({ target: 'cursor', detail: null });
    expect(fitReducer(s, { type: 'open', target: null }).open).toBeNull();
  });

  it('forgets everything of the last skill when another opens, but the model and the limits\' target chosen', () => {
    let s = fitReducer(initialFitState, { type: 'model', model: 'gemini' });
    s = fitReducer(s, { type: 'tokens', tokens: tokens('gemini') });
    s = fitReducer(s, { type: 'open', target: 'gemini' });
    s = fitReducer(s, { type: 'error', message: 'x' });
    s = fitReducer(s, { type: 'limit-target', target: 'cursor' });
    expect(fitReducer(s, { type: 'reset' })).toEqual({ ...initialFitState, model: 'gemini', limitTarget: 'cursor' });
  });

  it('takes back the choices kept through a reload, and gives up a model the worker does not count for', () => {
    const s = fitReducer(initialFitState, { type: 'choices', model: 'gemini', limitTarget: 'cursor' });
    expect(s).toMatchObject({ model: 'gemini', limitTarget: 'cursor' });
    expect(fitReducer(s, { type: 'tokens', tokens: tokens('gemini') }).tokens!.model.id).toBe('gemini');
    const gone = fitReducer(initialFitState, { type: 'choices', model: 'retired-model', limitTarget: null });
    expect(fitReducer(gone, { type: 'tokens', tokens: tokens('gpt-4o') })).toMatchObject({ model: null, tokens: { model: { id: 'gpt-4o' } } });
  });

  it('clears an error with the next answer', () => {
    const s = fitReducer(initialFitState, { type: 'error', message: 'The tokens could not be counted: stopped' });
    expect(fitReducer(s, { type: 'tokens', tokens: tokens('gpt-4o') }).error).toBeNull();
    expect(fitReducer(s, { type: 'targets', targets: [] }).error).toBeNull();
  });
});
