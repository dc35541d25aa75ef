import { describe, expect, it } from 'vitest';
import type { OperationRow } from './operations';
import { operationResources } from '../curate/resources';
import { EMPTY_QUERY, filesNotShown, filterOperations, isFiltered, matchesText, operationFacets, SORTERS, sortOperations, toolLimit, UNTAGGED, withTokens, type SortKey } from './operation-query';

function row(over: Partial<OperationRow> & { id: string }): OperationRow {
  const path = over.path ?? '/';
  return { file: over.id, method: 'GET', path, resource: operationResources([path]).get(path)!, tags: [], summary: '', state: 'declared', removed: false, errors: 0, warnings: 0, deprecated: false, ...over };
}

const payment = row({ id: 'create_payment.md', method: 'POST', path: '/v2/payments', operationId: 'CreatePayment', tool: 'square_create_payment', summary: 'Charge a card or another source.', tags: ['Payments'], safety: 'unsafe' });
const getPayment = row({ id: 'get_payment.md', method: 'GET', path: '/v2/payments/{payment_id}', resource: '/v2/payments', operationId: 'GetPayment', tool: 'square_get_payment', summary: 'Look up a payment by id; POST refunds elsewhere.', tags: ['Payments'], safety: 'safe' });
const refund = row({ id: 'refund_payment.md', method: 'POST', path: '/v2/refunds', operationId: 'RefundPayment', tool: 'square_refund_payment', summary: 'Refund a payment.', tags: ['Refunds'], deprecated: true, errors: 1, safety: 'idempotent' });
const health = row({ id: 'health.md', path: '/health', summary: 'Up?', state: 'prose-only', warnings: 2 });
const gone = row({ id: 'list_locations.md', path: '/v2/locations', tags: ['Locations'], removed: true });
const skipped = row({ id: 'OPTIONS /v2/payments', file: undefined, method: 'OPTIONS', path: '/v2/payments', state: 'skipped', tags: ['Payments'] });
const rows = [payment, getPayment, refund, health, gone, skipped];

describe('matchesText', () => {
  const cases: [string, string][] = [
    ['the method', 'post'],
    ['the path', '/v2/payments'],
    ['the operationId', 'CreatePayment'],
    ['the tool name', 'square_create_payment'],
    ['the summary', 'charge a card'],
    ['a tag', 'payments'],
    ['the file name', 'create_payment.md'],
  ];
  for (const [field, text] of cases) {
    it(`finds an operation by ${field} (${text})`, () => {
      expect(matchesText(payment, text)).toBe(true);
      expect(matchesText(health, text)).toBe(false);
    });
  }

  it('reads a method and a path as a request line: that method, that path', () => {
    expect(filterOperations(rows, { ...EMPTY_QUERY, text: 'POST /v2/payments' })).toEqual([payment]);
    // GET /v2/payments/{payment_id} mentions POST in its summary, and is still not a POST.
    expect(matchesText(getPayment, 'post /v2/payments/**')).toBe(false);
    expect(matchesText(getPayment, 'get /v2/payments/**')).toBe(true);
    expect(matchesText(getPayment, 'get /v2/payments')).toBe(false);
  });

  it('matches a path exactly, or with the paths under it, a parameter by any name, case ignored', () => {
    const shown = (text: string) => filterOperations(rows, { ...EMPTY_QUERY, text }).map((r) => r.id);
    expect(shown('/v2/payments')).toEqual(['create_payment.md', 'OPTIONS /v2/payments']);
    expect(shown('/v2/payments/')).toEqual(['create_payment.md', 'OPTIONS /v2/payments']);
    expect(shown('/v2/payments/**')).toEqual(['create_payment.md', 'get_payment.md', 'OPTIONS /v2/payments']);
    expect(shown('/v2/payments/*')).toEqual(['get_payment.md']);
    expect(shown('/V2/Payments/{id}')).toEqual(['get_payment.md']);
    expect(shown('/v2/pay')).toEqual([]);
    expect(shown('/v2/pay*')).toEqual(['create_payment.md', 'OPTIONS /v2/payments']);
    // A word without a leading slash is still found anywhere.
    expect(shown('v2/pay')).toEqual(['create_payment.md', 'get_payment.md', 'OPTIONS /v2/payments']);
  });

  it('takes alternatives separated by |, each with all its words', () => {
    const shown = (text: string) => filterOperations(rows, { ...EMPTY_QUERY, text }).map((r) => r.id);
    expect(shown('/v2/refunds | /health')).toEqual(['refund_payment.md', 'health.md']);
    expect(shown('/v2/refunds|GET /v2/payments/*')).toEqual(['get_payment.md', 'refund_payment.md']);
    expect(shown('payments charge | up?')).toEqual(['create_payment.md', 'health.md']);
    expect(shown(' | ')).toEqual(shown(''));
    expect(isFiltered({ ...EMPTY_QUERY, text: ' | ' })).toBe(false);
  });

  it('needs every word to be found, in any field, ignoring case', () => {
    expect(matchesText(payment, 'PAYMENTS charge')).toBe(true);
    expect(matchesText(payment, 'payments refund')).toBe(false);
    expect(matchesText(payment, '   ')).toBe(true);
  });
});

describe('filterOperations', () => {
  it('shows the operations in the skill, skipped ones too, and not the removed ones', () => {
    expect(filterOperations(rows, EMPTY_QUERY)).toEqual([payment, getPayment, refund, health, skipped]);
  });

  it('filters by tag, by no tag, by method and by state; Removed shows only the removed ones', () => {
    expect(filterOperations(rows, { ...EMPTY_QUERY, tag: 'Payments' })).toEqual([payment, getPayment, skipped]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, tag: UNTAGGED })).toEqual([health]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, method: 'POST' })).toEqual([payment, refund]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, state: 'prose-only' })).toEqual([health]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, state: 'removed' })).toEqual([gone]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, state: 'removed', tag: 'Payments' })).toEqual([]);
    expect(filterOperations(rows, { text: 'payment', tag: 'Payments', resource: null, method: 'GET', state: null, safety: null })).toEqual([getPayment]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, resource: '/v2/payments' })).toEqual([payment, getPayment, skipped]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, safety: 'safe' })).toEqual([getPayment]);
    expect(filterOperations(rows, { ...EMPTY_QUERY, safety: 'unsafe', method: 'POST' })).toEqual([payment]);
  });
});

describe('sortOperations', () => {
  it('sorts by every column both ways, keeping the order of rows that compare equal', () => {
    const shown = withTokens(filterOperations(rows, EMPTY_QUERY), new Map([['refund_payment.md', 90], ['create_payment.md', 310], ['get_payment.md', 120]]));
    const expected: Record<SortKey, string[]> = {
      method: ['get_payment.md', 'health.md', 'create_payment.md', 'refund_payment.md', 'OPTIONS /v2/payments'],
      path: ['health.md', 'create_payment.md', 'OPTIONS /v2/payments', 'get_payment.md', 'refund_payment.md'],
      tags: ['health.md', 'create_payment.md', 'get_payment.md', 'OPTIONS /v2/payments', 'refund_payment.md'],
      tool: ['health.md', 'OPTIONS /v2/payments', 'create_payment.md', 'get_payment.md', 'refund_payment.md'],
      state: ['create_payment.md', 'get_payment.md', 'refund_payment.md', 'health.md', 'OPTIONS /v2/payments'],
      problems: ['create_payment.md', 'get_payment.md', 'OPTIONS /v2/payments', 'health.md', 'refund_payment.md'],
      bytes: ['create_payment.md', 'get_payment.md', 'refund_payment.md', 'health.md', 'OPTIONS /v2/payments'],
      tokens: ['health.md', 'OPTIONS /v2/payments', 'refund_payment.md', 'get_payment.md', 'create_payment.md'],
      safety: ['get_payment.md', 'refund_payment.md', 'create_payment.md', 'health.md', 'OPTIONS /v2/payments'],
      deprecated: ['create_payment.md', 'get_payment.md', 'health.md', 'OPTIONS /v2/payments', 'refund_payment.md'],
    };
    for (const key of Object.keys(SORTERS) as SortKey[]) {
      expect(sortOperations(shown, { key, direction: 'ascending' }).map((r) => r.id), key).toEqual(expected[key]);
    }
    // Descending keeps the order of ties too (the two POSTs, the two GETs).
    expect(sortOperations(shown, { key: 'method', direction: 'descending' }).map((r) => r.id)).toEqual(['OPTIONS /v2/payments', 'create_payment.md', 'refund_payment.md', 'get_payment.md', 'health.md']);
    expect(sortOperations(shown, { key: 'problems', direction: 'descending' }).map((r) => r.id)).toEqual(['refund_payment.md', 'health.md', 'create_payment.md', 'get_payment.md', 'OPTIONS /v2/payments']);
    expect(sortOperations(shown, null)).toEqual(shown);
  });
});

describe('withTokens', () => {
  it('gives each row in the skill its tool\'s tokens by file, and none to a removed, skipped or uncounted one', () => {
    const counted = withTokens(rows, new Map([['create_payment.md', 310], ['list_locations.md', 50], ['health.md', 7]]));
    expect(counted.map((r) => [r.id, r.tokens])).toEqual([
      ['create_payment.md', 310],
      ['get_payment.md', undefined],
      ['refund_payment.md', undefined],
      ['health.md', 7],
      ['list_locations.md', undefined],
      ['OPTIONS /v2/payments', undefined],
    ]);
    expect(withTokens(rows, null)).toEqual(rows);
  });
});

describe('toolLimit', () => {
  it('says the count against the target\'s limit, over only past it', () => {
    expect(toolLimit(41, 40)).toEqual({ text: '41 of 40 tools', over: true });
    expect(toolLimit(40, 40)).toEqual({ text: '40 of 40 tools', over: false });
    expect(toolLimit(1, 128)).toEqual({ text: '1 of 128 tools', over: false });
    expect(toolLimit(1_200, undefined)).toEqual({ text: '1,200 tools, no limit on the count', over: false });
    expect(toolLimit(1, undefined)).toEqual({ text: '1 tool, no limit on the count', over: false });
  });
});

describe('filesNotShown', () => {
  it('is every operation file in the skill the query hides: what "Keep only shown" removes', () => {
    const shown = filterOperations(rows, { ...EMPTY_QUERY, tag: 'Payments' });
    expect(filesNotShown(rows, shown)).toEqual(['refund_payment.md', 'health.md']);
  });
});

describe('isFiltered', () => {
  it('is false for no query and for the Removed view alone', () => {
    expect(isFiltered(EMPTY_QUERY)).toBe(false);
    expect(isFiltered({ ...EMPTY_QUERY, state: 'removed' })).toBe(false);
    expect(isFiltered({ ...EMPTY_QUERY, text: ' x ' })).toBe(true);
    expect(isFiltered({ ...EMPTY_QUERY, method: 'GET' })).toBe(true);
  });
});

describe('operationFacets', () => {
  it('counts tags and methods on the side shown, and every state with the removed ones', () => {
    expect(operationFacets(rows)).toEqual({
      tags: [['Payments', 3], ['Refunds', 1]],
      untagged: 1,
      resources: [['/health', 1], ['/v2/payments', 3], ['/v2/refunds', 1]],
      byResource: false,
      methods: [['GET', 2], ['POST', 2], ['OPTIONS', 1]],
      states: [['declared', 3], ['prose-only', 1], ['skipped', 1], ['removed', 1]],
      safeties: [['safe', 1], ['idempotent', 1], ['unsafe', 1]],
    });
    expect(operationFacets(rows, true)).toMatchObject({ tags: [['Locations', 1]], untagged: 0, resources: [['/v2/locations', 1]], methods: [['GET', 1]] });
  });

  it('offers resources when tags leave half the operations untagged, or are fewer than 3', () => {
    const untagged = rows.map((r) => ({ ...r, tags: [] }));
    expect(operationFacets(untagged).byResource).toBe(true);
    const many = rows.map((r, i) => ({ ...r, tags: [`t${i}`] }));
    expect(operationFacets(many).byResource).toBe(false);
    expect(operationFacets(many.map((r) => ({ ...r, tags: ['one'] }))).byResource).toBe(true);
  });
});

describe('the new operations waiting to be kept', () => {
  const fresh = row({ id: 'list_cards.md', path: '/v2/cards', tags: ['Cards'], removed: true, waiting: true });
  const all = [...rows, fresh];

  it('are shown by State: New in this version, and not among the removed or in the skill', () => {
    expect(filterOperations(all, { ...EMPTY_QUERY, state: 'new' })).toEqual([fresh]);
    expect(filterOperations(all, { ...EMPTY_QUERY, state: 'removed' })).toEqual([gone]);
    expect(filterOperations(all, EMPTY_QUERY)).not.toContain(fresh);
    expect(isFiltered({ ...EMPTY_QUERY, state: 'new' })).toBe(false);
  });

  it('are counted apart in the state filter', () => {
    const states = new Map(operationFacets(all).states);
    expect(states.get('new')).toBe(1);
    expect(states.get('removed')).toBe(1);
  });
});
