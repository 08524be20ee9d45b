import { z } from 'zod';
import { SyncCompletedSchema } from '../../events/accounting.js';
import { CustomerItemParamsSchema, ReorderEstimateSchema } from './inventoryCustomerStock.js';
import { PurchaseOrderReceiptsSchema, ReceiptParamsSchema } from './inventoryReceipts.js';
import { SalesOrderSchema } from './inventorySalesOrders.js';
import type { RouteContract } from '../routeContract.js';
import { UserSettingsInputSchema } from '../user.js';

/** `?mode=full|incremental` (a missing mode: incremental when a cursor allows it) and `?wait=true` to answer when the run ends. */
export const SyncRequestQuerySchema = z.object({
  mode: z.enum(['full', 'incremental']).optional(),
  wait: z.enum(['true', 'false']).optional(),
});

export const SyncStartedSchema = z.object({ runId: z.string() }).meta({ id: 'SyncStarted' });

const EntityProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });

/** A sync run as the progress panel reads it. */
export const SyncRunSchema = z
  .object({
    runId: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    kind: SyncCompletedSchema.shape.kind,
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int(), byEntity: z.record(z.string(), EntityProgressSchema) }),
    /** While QuickBooks' rate limit holds the run: when it goes on (ISO time). */
    waitingUntil: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SyncRun' });

export const QuickbooksAuthUrlSchema = z.object({ authUrl: z.string() }).meta({ id: 'QuickbooksAuthUrl' });

/** Connected: QuickBooks accepted the tenant's token just now. `hasRealmId` without `connected`: reconnect. */
export const QuickbooksConnectionSchema = z
  .object({ connected: z.boolean(), hasRealmId: z.boolean(), companyName: z.string().nullable() })
  .meta({ id: 'QuickbooksConnection' });

export const QuickbooksConnectAnswerSchema = z
  .discriminatedUnion('action', [z.object({ action: z.literal('token_refreshed') }), z.object({ action: z.literal('authorize'), authUrl: z.string() })])
  .meta({ id: 'QuickbooksConnectAnswer' });

export const QuickbooksDisconnectedSchema = z.object({ disconnected: z.literal(true) });

/** Settings → Test Detection: the two markers as the settings form checks them. */
export const BulkDetectionInputSchema = UserSettingsInputSchema.pick({ bulkPoSuffix: true, bulkEstimateSuffix: true });
export const BulkDetectionSchema = z.object({ bulkPOsDetected: z.number().int(), bulkEstimatesDetected: z.number().int() }).meta({ id: 'BulkDetection' });

/** Where "Sync to QuickBooks" or "Mark Rejected in QuickBooks" left the order: its sync fields as svc-inventory recorded them. */
export const SalesOrderWriteBackSchema = SalesOrderSchema.pick({ syncStatus: true, syncError: true, qbId: true }).meta({ id: 'SalesOrderWriteBack' });

/** A sync run that failed, with the reason QuickBooks gave; Retry starts a sync (POST /api/quickbooks/sync). */
export const FailedSyncSchema = z
  .object({
    kind: z.literal('sync'),
    runId: z.string(),
    syncKind: SyncCompletedSchema.shape.kind,
    reason: z.string(),
    failedAt: z.string(),
  })
  .meta({ id: 'FailedSync' });

/** A write-back to an estimate that failed, with QuickBooks' reason; Retry writes the order again (POST /api/sales-orders/:id/sync). */
export const FailedWriteBackSchema = z
  .object({
    kind: z.literal('write-back'),
    salesOrderId: z.number().int(),
    soNumber: z.string(),
    reason: z.string(),
    failedAt: z.string(),
  })
  .meta({ id: 'FailedWriteBack' });

export const SyncProblemSchema = z.discriminatedUnion('kind', [FailedSyncSchema, FailedWriteBackSchema]).meta({ id: 'SyncProblem' });

/**
 * How current PrintPool's copy of QuickBooks is: when every change was last read (the latest sync
 * run that covered every entity), how often it is read without a webhook (null: never on a
 * schedule), and what failed since, newest first.
 */
export const SyncHealthSchema = z
  .object({
    lastCheckedAt: z.string().nullable(),
    catchUpMinutes: z.number().nullable(),
    problems: z.array(SyncProblemSchema),
  })
  .meta({ id: 'SyncHealth' });

export const QuickbooksCallbackQuerySchema = z.object({
  code: z.string().optional(),
  realmId: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

const SalesOrderIdSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a sales order id') });

const tags = ['quickbooks'] as const;
const started = {
  202: { description: 'Started; the run goes on in the background', body: SyncStartedSchema },
  200: { description: 'With wait=true: the run as it ended', body: SyncRunSchema },
  409: { description: 'Not connected to QuickBooks' },
};

/** A write-back QuickBooks refused: the order records the reason (docs/quickbooks.md). */
const writeRefused = {
  502: { description: "QBO_WRITE_FAILED: QuickBooks refused the write; the message is QuickBooks' reason, details hold where the order was left" },
};

/** svc-sync's routes: the QuickBooks connection, sync runs and write-back (docs/quickbooks.md). */
export const QUICKBOOKS_ROUTES = [
  {
    method: 'get',
    path: '/api/quickbooks/callback',
    caller: 'intuit',
    tags,
    summary: "Intuit's redirect after consent; the single-use state names the tenant and user who asked",
    query: QuickbooksCallbackQuerySchema,
    responses: { 302: { description: 'To /dashboard?qbo=connected, or /?qbo=error', headers: { Location: 'Where the browser goes next' } } },
  },
  {
    method: 'post',
    path: '/api/quickbooks/webhook',
    caller: 'intuit',
    tags,
    summary: "Intuit's change notifications (CloudEvents or the legacy eventNotifications body), verified by intuit-signature",
    bodyContentType: 'application/json',
    body: z.unknown(),
    responses: {
      200: { description: 'Queued, or nothing usable in it (Intuit retries anything else)' },
      401: { description: 'Invalid webhook signature' },
      413: { description: 'Body too large for a notification' },
    },
  },
  {
    method: 'get',
    path: '/api/quickbooks/auth-url',
    caller: 'browser',
    // The connection and the bulk settings it is tested with are the owner's (docs/product.md §6).
    role: 'owner',
    tags,
    summary: "Intuit's consent page for this tenant",
    responses: { 200: { description: 'The URL to open', body: QuickbooksAuthUrlSchema } },
  },
  {
    method: 'get',
    path: '/api/quickbooks/status',
    caller: 'browser',
    tags,
    summary: "Whether QuickBooks accepts the tenant's connection now",
    responses: { 200: { description: 'The connection', body: QuickbooksConnectionSchema } },
  },
  {
    method: 'post',
    path: '/api/quickbooks/connect',
    caller: 'browser',
    role: 'owner',
    tags,
    summary: 'Refresh the token, or answer the consent URL when a new consent is needed',
    responses: { 200: { description: 'What happened', body: QuickbooksConnectAnswerSchema } },
  },
  {
    method: 'post',
    path: '/api/quickbooks/disconnect',
    caller: 'browser',
    role: 'owner',
    tags,
    summary: 'Revoke the grant and forget the connection and its sync cursors',
    responses: { 200: { description: 'Disconnected', body: QuickbooksDisconnectedSchema } },
  },
  {
    method: 'post',
    path: '/api/quickbooks/sync',
    caller: 'browser',
    tags,
    summary: 'Start a sync run (one per tenant: a second request joins the running one)',
    query: SyncRequestQuerySchema,
    responses: started,
  },
  {
    method: 'post',
    path: '/api/sync/customers',
    caller: 'browser',
    tags,
    summary: 'Sync customers only',
    query: SyncRequestQuerySchema.pick({ wait: true }),
    responses: started,
  },
  {
    method: 'post',
    path: '/api/sync/items',
    caller: 'browser',
    tags,
    summary: 'Sync items only',
    query: SyncRequestQuerySchema.pick({ wait: true }),
    responses: started,
  },
  {
    method: 'get',
    path: '/api/quickbooks/sync/runs/latest',
    caller: 'browser',
    tags,
    summary: "The tenant's latest sync run",
    responses: { 200: { description: 'The run', body: SyncRunSchema }, 204: { description: 'Never synced' } },
  },
  {
    method: 'get',
    path: '/api/quickbooks/sync/health',
    caller: 'browser',
    tags,
    summary: 'When QuickBooks was last checked for changes, and the syncs and write-backs that failed, with its reasons',
    responses: { 200: { description: 'The sync health', body: SyncHealthSchema } },
  },
  {
    method: 'post',
    path: '/api/quickbooks/test-bulk-detection',
    caller: 'browser',
    role: 'owner',
    tags,
    summary: 'How many mirrored purchase orders and estimates the given markers would make bulk',
    body: BulkDetectionInputSchema,
    responses: { 200: { description: 'The counts', body: BulkDetectionSchema }, 409: { description: 'Not connected to QuickBooks' } },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/sync',
    caller: 'browser',
    tags,
    summary: "Write the order's changes to its QuickBooks estimate (only what the broker changed), or create the estimate of an order without one",
    params: SalesOrderIdSchema,
    responses: {
      200: { description: 'Where the write left the order', body: SalesOrderWriteBackSchema },
      409: {
        description:
          'WRITE_BACK_CONFLICT: QuickBooks holds other values for fields the broker changed, and nothing was written; details hold where the order was left and the conflicts (field, printPool, quickBooks). CONFLICT: not connected. DELETED_IN_QUICKBOOKS: its estimate was deleted and not asked back',
      },
      422: { description: "UNPROCESSABLE: a manual order's customer is no QuickBooks customer of that name; details hold where the order was left" },
      ...writeRefused,
    },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/reject-estimate',
    caller: 'browser',
    tags,
    summary: 'Mark the estimate Rejected in QuickBooks; the order becomes cancelled here',
    params: SalesOrderIdSchema,
    responses: {
      200: { description: 'Where the write left the order', body: SalesOrderWriteBackSchema },
      409: { description: 'The estimate is Closed, not connected, or DELETED_IN_QUICKBOOKS: there is no estimate left to reject' },
      422: { description: 'UNPROCESSABLE: the order was never synced, so it has no estimate; details name qbId' },
      ...writeRefused,
    },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/:id/receipts/:receiptId/write-back',
    caller: 'browser',
    tags,
    summary:
      "Set the received quantities of a receipt's lines on the QuickBooks PO, on the SyncToken PrintPool last synced; nothing is written when they already match",
    params: ReceiptParamsSchema,
    responses: {
      200: { description: 'The run, with the receipt written', body: PurchaseOrderReceiptsSchema },
      404: { description: 'No such purchase order or receipt in the company' },
      409: { description: 'WRITE_BACK_CONFLICT: QuickBooks changed the PO since PrintPool last synced it, nothing was written; or not connected' },
      422: { description: 'The receipt was recorded without asking to write it to QuickBooks' },
      502: { description: "QBO_WRITE_FAILED: QuickBooks refused the write, with QuickBooks' reason" },
    },
  },
  {
    method: 'post',
    path: '/api/customers/:id/inventory/:itemId/reorder-estimate',
    caller: 'browser',
    tags,
    summary:
      "From a reorder alert: create an estimate in QuickBooks for the customer's item, at the last bulk run's quantity and the last price, linked to the alert",
    description:
      'A second request while the alert carries the estimate answers that estimate and writes nothing; one made while the first is still being written answers 409.',
    params: CustomerItemParamsSchema,
    responses: {
      200: { description: 'The estimate QuickBooks holds, linked to the alert', body: ReorderEstimateSchema },
      404: { description: 'No such customer in the company, or no stock or usage of the item for them' },
      409: { description: 'CONFLICT: not connected to QuickBooks, or an earlier request is still creating the estimate' },
      422: { description: 'UNPROCESSABLE: the customer has no QuickBooks id (details.field customerQbId), or no bulk run of the item to reorder (quantity)' },
      502: { description: "QBO_WRITE_FAILED: QuickBooks refused the estimate, with QuickBooks' reason; nothing is linked" },
    },
  },
] as const satisfies readonly RouteContract[];

export type SyncRequestQuery = z.infer<typeof SyncRequestQuerySchema>;
export type SyncRun = z.infer<typeof SyncRunSchema>;
export type SyncProblem = z.infer<typeof SyncProblemSchema>;
export type SyncHealth = z.infer<typeof SyncHealthSchema>;
export type QuickbooksConnection = z.infer<typeof QuickbooksConnectionSchema>;
export type QuickbooksConnectAnswer = z.infer<typeof QuickbooksConnectAnswerSchema>;
export type BulkDetection = z.infer<typeof BulkDetectionSchema>;
export type SalesOrderWriteBack = z.infer<typeof SalesOrderWriteBackSchema>;
