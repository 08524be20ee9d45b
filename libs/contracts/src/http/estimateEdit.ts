import { z } from 'zod';
import { AccountingEstimateSchema } from '../events/accounting.js';

/** What PrintPool models of an estimate's item line. */
export const EstimateLineValuesSchema = z.object({
  itemId: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  description: z.string().nullable(),
});
export type EstimateLineValues = z.infer<typeof EstimateLineValuesSchema>;

/**
 * One change the broker made to an estimate's lines in PrintPool. `from` is the value as
 * QuickBooks had it when the order was last synced (the common ancestor), `to` the broker's:
 * write-back compares `from` with QuickBooks' current value to tell a disjoint QuickBooks edit
 * (merged) from a conflicting one (shown, nothing written).
 */
export const EstimateLineChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changed'), lineId: z.string(), from: EstimateLineValuesSchema.partial(), to: EstimateLineValuesSchema.partial() }),
  z.object({ kind: z.literal('removed'), lineId: z.string(), from: EstimateLineValuesSchema }),
  z.object({ kind: z.literal('added'), to: EstimateLineValuesSchema }),
]);
export type EstimateLineChange = z.infer<typeof EstimateLineChangeSchema>;

/** svc-inventory's `GET /api/internal/sales-orders/:id/estimate-edit`: what write-back sends to an order's estimate. */
export const EstimateEditSchema = z.object({
  salesOrderId: z.number().int(),
  qbId: z.string(),
  /** The estimate version the order was synced with; QuickBooks' current SyncToken differs when someone edited it there since. */
  syncToken: z.string(),
  customerEmail: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  lines: z.array(EstimateLineChangeSchema),
});
export type EstimateEdit = z.infer<typeof EstimateEditSchema>;

/** svc-sync's `POST /api/internal/sales-orders/:id/sync-result`. */
export const SalesOrderSyncResultSchema = z.object({
  syncStatus: z.enum(['syncing', 'synced', 'error']),
  syncError: z.string().max(2000).nullable().optional(),
  qbId: z.string().min(1).optional(),
  syncToken: z.string().min(1).optional(),
  /** The estimate as QuickBooks answered the write: the order takes it as an import would, whatever it edited since. */
  estimate: AccountingEstimateSchema.optional(),
});
export type SalesOrderSyncResult = z.infer<typeof SalesOrderSyncResultSchema>;
