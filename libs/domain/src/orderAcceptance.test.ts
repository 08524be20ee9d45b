import { expect, it } from '@jest/globals';
import { ACCEPTED_IN_QUICKBOOKS, acceptanceRefusal, ONLY_OPEN_ORDERS_ACCEPTED } from './orderAcceptance.js';

it('accepts in PrintPool only a manual order that is active or pending', () => {
  expect(acceptanceRefusal({ qbId: null, status: 'active' })).toBeNull();
  expect(acceptanceRefusal({ qbId: null, status: 'pending' })).toBeNull();
  expect(acceptanceRefusal({ qbId: '145', status: 'active' })).toBe(ACCEPTED_IN_QUICKBOOKS);
  for (const status of ['processing', 'completed', 'cancelled'] as const) expect(acceptanceRefusal({ qbId: null, status })).toBe(ONLY_OPEN_ORDERS_ACCEPTED);
});
