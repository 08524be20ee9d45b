import { expect, it } from '@jest/globals';
import { NO_COVERING_PO } from '@printpool/domain';
import { acceptanceBlocked, isSyncing, offersAcceptance, offersPullTicket, truncateSyncError } from './salesOrderRules.js';

it('shows a sync error of up to 30 characters whole, a longer one cut at 30 with an ellipsis', () => {
  const thirty = 'Stale object error from QBO!!!';
  expect(thirty).toHaveLength(30);
  expect(truncateSyncError(thirty)).toBe(thirty);
  expect(truncateSyncError(`${thirty} (SyncToken 3)`)).toBe(`${thirty}...`);
});

it('offers a pull ticket on an accepted order, and on a manual order still to be accepted here', () => {
  expect(offersPullTicket({ qbId: '145', status: 'processing' })).toBe(true);
  expect(offersPullTicket({ qbId: null, status: 'processing' })).toBe(true);
  expect(offersPullTicket({ qbId: null, status: 'active' })).toBe(true);
  expect(offersPullTicket({ qbId: '145', status: 'active' })).toBe(false);
  expect(offersPullTicket({ qbId: null, status: 'completed' })).toBe(false);
});

it('offers Accept order on a manual order that is active or pending, disabled while no bulk PO covers it', () => {
  expect(offersAcceptance({ qbId: null, status: 'pending' })).toBe(true);
  expect(offersAcceptance({ qbId: '', status: 'active' })).toBe(true);
  expect(offersAcceptance({ qbId: '145', status: 'active' })).toBe(false);
  expect(offersAcceptance({ qbId: null, status: 'processing' })).toBe(false);
  expect(acceptanceBlocked({ bulkPoId: null, allocationNote: NO_COVERING_PO })).toBe(NO_COVERING_PO);
  expect(acceptanceBlocked({ bulkPoId: 7, allocationNote: null })).toBeNull();
});

it('treats only syncing as a sync in flight', () => {
  expect(isSyncing({ syncStatus: 'syncing' })).toBe(true);
  expect(isSyncing({ syncStatus: 'error' })).toBe(false);
  expect(isSyncing({ syncStatus: null })).toBe(false);
});
