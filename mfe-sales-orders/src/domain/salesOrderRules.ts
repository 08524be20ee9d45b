import type { SalesOrder } from '@printpool/contracts';
import { acceptanceRefusal, NO_COVERING_PO, pullTicketRefusal } from '@printpool/domain';

/** docs/product.md §9: the list shows at most this much of a sync error; the tooltip shows all of it. */
export const SYNC_ERROR_PREVIEW_LENGTH = 30;

export function truncateSyncError(error: string): string {
  return error.length > SYNC_ERROR_PREVIEW_LENGTH ? `${error.slice(0, SYNC_ERROR_PREVIEW_LENGTH)}...` : error;
}

/**
 * Whether the row offers Create Pull Ticket at all: on an accepted order (processing), and on a
 * manual order the broker may still accept here, where it shows, disabled, that acceptance comes first.
 */
export function offersPullTicket(order: Pick<SalesOrder, 'qbId' | 'status'>): boolean {
  return order.status === 'processing' || acceptanceRefusal(order) === null;
}

/** Why Create Pull Ticket is disabled: the server's own rule (libs/domain pullTicketCreation.ts). */
export function pullTicketBlocked(order: Pick<SalesOrder, 'qbId' | 'status' | 'bulkPoId' | 'allocationNote' | 'unreleasedQuantity'>): string | null {
  return pullTicketRefusal(order);
}

/** Whether the row offers Accept order: a manual order the broker may accept here (libs/domain orderAcceptance.ts). */
export function offersAcceptance(order: Pick<SalesOrder, 'qbId' | 'status'>): boolean {
  return acceptanceRefusal(order) === null;
}

/** Why Accept order is disabled: svc-inventory draws the order as it accepts it, and refuses one no bulk PO covers. */
export function acceptanceBlocked(order: Pick<SalesOrder, 'bulkPoId' | 'allocationNote'>): string | null {
  return order.bulkPoId === null && order.allocationNote === NO_COVERING_PO ? NO_COVERING_PO : null;
}

/** A sync in flight must finish before another starts. */
export function isSyncing(order: Pick<SalesOrder, 'syncStatus'>): boolean {
  return order.syncStatus === 'syncing';
}
