import { describe, expect, it } from 'vitest';
import { normalResource, operationResources } from './resources';

describe('operationResources', () => {
  it('is the path up to its first parameter; a path without one lies under the resource it extends, else is its own', () => {
    const paths = ['/v1/customers', '/v1/customers/search', '/v1/customers/{customer}', '/v1/customers/{customer}/sources/{id}', '/v1/refunds', '/v1/balance', '/v1/billing_portal/sessions', '/v1/test_helpers/customers/{customer}/fund', '/{id}'];
    expect(Object.fromEntries(operationResources(paths))).toEqual({
      '/v1/customers': '/v1/customers',
      '/v1/customers/search': '/v1/customers',
      '/v1/customers/{customer}': '/v1/customers',
      '/v1/customers/{customer}/sources/{id}': '/v1/customers',
      '/v1/refunds': '/v1/refunds',
      '/v1/balance': '/v1/balance',
      '/v1/billing_portal/sessions': '/v1/billing_portal/sessions',
      '/v1/test_helpers/customers/{customer}/fund': '/v1/test_helpers/customers',
      '/{id}': '/',
    });
  });

  it('takes a resource as typed: leading slash added, trailing one dropped', () => {
    expect(normalResource('v1/customers/')).toBe('/v1/customers');
    expect(normalResource(' /v1/refunds ')).toBe('/v1/refunds');
  });
});
