import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { CustomerItemParamsSchema, ReorderEstimateSchema } from './inventoryCustomerStock.js';

/**
 * A reorder estimate (docs/product.md §12), svc-sync's side in svc-inventory: what to create in
 * QuickBooks for a customer's item, and how it went. svc-inventory holds the link between the
 * alert and the estimate, so a second click finds the first one's.
 */

/** Where the estimate's figures came from, so the broker can check them against the documents. */
export const ReorderBasisSchema = z.object({
  /** The customer's most recent bulk run of the item: its PO, and the quantity its lines of the item ordered. */
  bulkRun: z.object({ purchaseOrderId: z.number().int(), poNumber: z.string(), quantity: z.number() }),
  /** The unit price: of the customer's most recent sales order line of the item, else the item's sales price. */
  price: z.discriminatedUnion('from', [
    z.object({ from: z.literal('sales-order'), salesOrderId: z.number().int(), soNumber: z.string(), unitPrice: z.number() }),
    z.object({ from: z.literal('item'), unitPrice: z.number() }),
  ]),
});

/**
 * POST /api/internal/customers/:id/inventory/:itemId/reorder-estimate: the estimate to create, the
 * request now held for it; or the one already created from the alert, and nothing to write.
 */
export const ReorderEstimateToCreateSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('to-create'),
      customerId: z.number().int(),
      customerName: z.string(),
      customerQbId: z.string(),
      itemId: z.string(),
      itemName: z.string().nullable(),
      quantity: z.number().positive(),
      unitPrice: z.number().nonnegative(),
      basis: ReorderBasisSchema,
    }),
    z.object({ status: z.literal('created'), estimate: ReorderEstimateSchema }),
  ])
  .meta({ id: 'ReorderEstimateToCreate' });

/** POST /api/internal/customers/:id/inventory/:itemId/reorder-estimate-result: how svc-sync's create went. */
export const ReorderEstimateResultSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('created'),
      /** QuickBooks' answer to the create. */
      qbId: z.string().min(1).max(50),
      docNumber: z.string().max(50).nullable(),
    }),
    /** QuickBooks created nothing: the request held for it is let go, so the broker may ask again. */
    z.object({ status: z.literal('failed') }),
  ])
  .meta({ id: 'ReorderEstimateResult' });

const tags = ['programs'] as const;

/** The link between a reorder alert and its estimate (svc-inventory/src/routes/reorderEstimates.ts). */
export const REORDER_ESTIMATE_ROUTES = [
  {
    method: 'post',
    path: '/api/internal/customers/:id/inventory/:itemId/reorder-estimate',
    caller: 'service',
    tags,
    summary:
      "What svc-sync creates in QuickBooks for a customer's item: the last bulk run's quantity at the last price; holds the request so a second one writes nothing",
    params: CustomerItemParamsSchema,
    responses: {
      200: { description: 'The estimate to create, or the one already created from the alert', body: ReorderEstimateToCreateSchema },
      404: { description: 'No such customer in the company, or no stock or usage of the item for them' },
      409: { description: 'An estimate for the item is being created by an earlier request' },
      422: { description: 'The customer has no QuickBooks id (details.field customerQbId), or no bulk run of the item to reorder (quantity)' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/customers/:id/inventory/:itemId/reorder-estimate-result',
    caller: 'service',
    tags,
    summary: 'svc-sync records the estimate QuickBooks created for the reorder, or lets the request go when nothing was created',
    params: CustomerItemParamsSchema,
    body: ReorderEstimateResultSchema,
    responses: {
      200: { description: 'The estimate, linked to the alert', body: ReorderEstimateSchema },
      204: { description: 'The request was let go' },
      404: { description: 'No such customer in the company, or no request held for the item' },
    },
  },
] as const satisfies readonly RouteContract[];

export type ReorderBasis = z.infer<typeof ReorderBasisSchema>;
export type ReorderEstimateToCreate = z.infer<typeof ReorderEstimateToCreateSchema>;
export type ReorderEstimateResult = z.infer<typeof ReorderEstimateResultSchema>;
