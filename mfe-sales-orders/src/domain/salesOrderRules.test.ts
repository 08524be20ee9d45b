import { expect, it } from '@jest/globals';
import { canCreatePullTicket, isSyncing, truncateSyncError } from './salesOrderRules.js';

it('shows a sync error of up to 30 characters whole, a longer one cut at 30 with an ellipsis', () => {
  const thirty = 'Stale object error from QBO!!!';
  expect(thirty).toHaveLength(30);
  expect(truncateSyncError(thirty)).toBe(thirty);
  expect(truncateSyncError(`${thirty} (SyncToken 3)`)).toBe(`${thirty}...`);
});

it('offers a pull ticket only for a QuickBooks order in processing', () => {
  expect(canCreatePullTicket({ qbId: '145', status: 'processing' })).toBe(true);
  expect(canCreatePullTicket({ qbId: null, status: 'processing' })).toBe(false);
  expect(canCreatePullTicket({ qbId: '', status: 'processing' })).toBe(false);
  expect(canCreatePullTicket({ qbId: '145', status: 'active' })).toBe(false);
});

it('treats only syncing as a sync in flight', () => {
  expect(isSyncing({ syncStatus: 'syncing' })).toBe(true);
  expect(isSyncing({ syncStatus: 'error' })).toBe(false);
  expect(isSyncing({ syncStatus: null })).toBe(false);
});
