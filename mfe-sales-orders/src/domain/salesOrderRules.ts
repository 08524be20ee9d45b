import type { SalesOrder } from '@printpool/contracts';
import { pullTicketRefusal } from '@printpool/domain';

/** docs/product.md §9: the list shows at most this much of a sync error; the tooltip shows all of it. */
export const SYNC_ERROR_PREVIEW_LENGTH = 30;

export function truncateSyncError(error: string): string {
  return error.length > SYNC_ERROR_PREVIEW_LENGTH ? `${error.slice(0, SYNC_ERROR_PREVIEW_LENGTH)}...` : error;
}

/** A pull ticket is made once the customer accepted the QuickBooks estimate (status processing). */
export function canCreatePullTicket(order: Pick<SalesOrder, 'qbId' | 'status'>): boolean {
  return pullTicketRefusal({ ...order, bulkPoId: null, allocationNote: null }) === null;
}

/** Why Create Pull Ticket is disabled on an accepted order: the server's own rule (libs/domain pullTicketCreation.ts). */
export function pullTicketBlocked(order: Pick<SalesOrder, 'qbId' | 'status' | 'bulkPoId' | 'allocationNote'>): string | null {
  return pullTicketRefusal(order);
}

/** A sync in flight must finish before another starts. */
export function isSyncing(order: Pick<SalesOrder, 'syncStatus'>): boolean {
  return order.syncStatus === 'syncing';
}
