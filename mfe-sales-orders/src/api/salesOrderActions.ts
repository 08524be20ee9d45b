import { IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER, type RouteInput } from '@printpool/contracts';
import { apiRequest, callRoute, downloadFile, queuedMailNotice } from '@printpool/platform';
import type { SalesOrderUpdateBody } from '../domain/salesOrderUpdate.js';
import { SALES_ORDER_GONE } from '../domain/deletedOrder.js';
import { OPEN_BULK_PURCHASE_ORDERS_KEY } from './openBulkPurchaseOrders.js';
import type { SalesOrder } from './salesOrders.js';
import { useSalesOrderMutation } from './useSalesOrderMutation.js';

// Deleting or editing an order releases or moves the inventory it draws from bulk purchase orders.
const INVENTORY_KEYS = [['/api/purchase-orders'], OPEN_BULK_PURCHASE_ORDERS_KEY];

const params = (order: Pick<SalesOrder, 'id'>) => ({ id: order.id });

export function useDeleteSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: (order: SalesOrder) => callRoute('delete /api/sales-orders/:id', { params: params(order) }),
    success: 'Sales order deleted successfully',
    failure: 'Failed to delete sales order',
    alsoInvalidates: INVENTORY_KEYS,
  });
}

/** The delete dialog's alternative for a synced order: svc-sync marks the estimate Rejected in QuickBooks and the order becomes cancelled. */
export function useRejectEstimate() {
  return useSalesOrderMutation({
    mutationFn: (order: SalesOrder) => callRoute('post /api/sales-orders/:id/reject-estimate', { params: params(order) }),
    success: 'Estimate marked Rejected in QuickBooks; the order is cancelled',
    failure: 'Failed to mark the estimate Rejected in QuickBooks',
    failureTitle: 'QuickBooks Sync Error',
    alsoInvalidates: INVENTORY_KEYS,
  });
}

/** Deleted in QuickBooks (docs/product.md §4): the broker confirms the order is gone; its stock goes back to the pool. */
export function useConfirmDeletedInQuickbooks() {
  return useSalesOrderMutation({
    mutationFn: (order: SalesOrder) => callRoute('post /api/sales-orders/:id/confirm-deleted', { params: params(order) }),
    success: 'Sales order deleted; its stock is back in the pool',
    failure: 'Failed to delete sales order',
    alsoInvalidates: INVENTORY_KEYS,
  });
}

/**
 * Deleted in QuickBooks: the broker asks for the estimate back. The order is first made one
 * without an estimate (svc-inventory), then written back, which creates it (svc-sync, as for a
 * manual order); a failed write leaves it pending with the reason, to sync again.
 */
export function useRecreateEstimate() {
  return useSalesOrderMutation({
    mutationFn: async (order: SalesOrder) => {
      await callRoute('post /api/sales-orders/:id/recreate-estimate', { params: params(order) });
      return callRoute('post /api/sales-orders/:id/sync', { params: params(order) });
    },
    success: 'Estimate re-created in QuickBooks',
    failure: 'Failed to re-create the estimate in QuickBooks',
    failureTitle: 'QuickBooks Sync Error',
    alsoInvalidates: [['/api/pull-tickets']],
  });
}

export function useSyncSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: (order: SalesOrder) => callRoute('post /api/sales-orders/:id/sync', { params: params(order) }),
    success: 'Sales order synced to QuickBooks successfully',
    failure: 'Failed to sync sales order to QuickBooks',
    failureTitle: 'QuickBooks Sync Error',
  });
}

/** The order's new pull ticket, with what POST /api/sales-orders/{id}/create-pull-ticket takes (libs/contracts inventoryPullTickets.ts). */
type PullTicketCreation = RouteInput<'post /api/sales-orders/:id/create-pull-ticket'>['body'] & { order: SalesOrder };

/**
 * `force` is the broker's confirmed 'Create another'; `lines` release only part of what is left,
 * none releases all of it; `override` releases it although it breaks its bulk PO's program (docs/product.md §11).
 */
export function useCreatePullTicket() {
  return useSalesOrderMutation({
    mutationFn: ({ order, force = false, bulkPoId, lines, override }: PullTicketCreation) =>
      callRoute('post /api/sales-orders/:id/create-pull-ticket', {
        params: params(order),
        body: {
          ...(force ? { force } : {}),
          ...(bulkPoId !== undefined ? { bulkPoId } : {}),
          ...(lines ? { lines } : {}),
          ...(override ? { override } : {}),
        },
      }),
    success: 'Pull ticket created successfully',
    failure: 'Failed to create pull ticket',
    alsoInvalidates: [['/api/pull-tickets']],
  });
}

export function useDownloadSalesOrderPdf() {
  return useSalesOrderMutation({
    // A PDF, not JSON: its response is saved as it came.
    mutationFn: async (order: SalesOrder) => downloadFile(await apiRequest('GET', `/api/sales-orders/${order.id}/pdf`), `sales-order-${order.soNumber}.pdf`),
    success: 'PDF downloaded successfully',
    failure: 'Failed to generate PDF. Please try again.',
  });
}

/**
 * The Email Sales Order dialog's send: the order, the body svc-documents takes and the key of
 * this send, the same on its retry (libs/contracts documents.ts).
 */
type SalesOrderEmail = RouteInput<'post /api/sales-orders/:id/send-estimate'>['body'] & { order: SalesOrder; idempotencyKey: string };

/** Sent, or queued by the mail server's refusal and sent again by itself: then the broker is told when, not to send it again. */
export function useEmailSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: ({ order, idempotencyKey, ...body }: SalesOrderEmail) =>
      callRoute('post /api/sales-orders/:id/send-estimate', { params: params(order), body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    success: (outcome) =>
      outcome.status === 'queued' ? queuedMailNotice(outcome.nextAttemptAt) : { title: 'Sales order email sent successfully with PDF attachment' },
    failure: 'Failed to send email',
  });
}

/** A save of the edit form, on the version of the order the form was filled from (libs/contracts versionedWrite.ts). */
interface SalesOrderSave {
  body: SalesOrderUpdateBody;
  version: string;
}

export function useUpdateSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: ({ body, version }: SalesOrderSave) =>
      callRoute('put /api/sales-orders/:id', { params: params(body), body, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    success: 'Sales order updated successfully',
    failure: 'Failed to update sales order',
    gone: SALES_ORDER_GONE,
    alsoInvalidates: INVENTORY_KEYS,
  });
}
