import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { RecordIdSchema } from './inventoryLists.js';

/** The kinds of document whose changes are kept (docs/product.md §10). */
export const HISTORY_DOCUMENT_KINDS = ['purchase-order', 'sales-order', 'pull-ticket'] as const;
export const HistoryDocumentKindSchema = z.enum(HISTORY_DOCUMENT_KINDS);

/** Who changes a document when no member does: an import from QuickBooks, or PrintPool's own repair of the pool. */
export const QUICKBOOKS_SYNC_ACTOR = 'QuickBooks sync';
export const PRINTPOOL_ACTOR = 'PrintPool';

/** One field of a document as a change left it; null where it had no value (a new document has no before). */
export const HistoryFieldChangeSchema = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });

/**
 * One change of a document: who (a member, named as the change was made, or 'QuickBooks sync'),
 * when, why (the action) and what (the fields it changed, as the document's dialog shows them).
 */
export const HistoryEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    /** The member's id, or null for 'QuickBooks sync' and PrintPool. */
    memberId: z.string().nullable(),
    by: z.string(),
    action: z.string(),
    /** The related document the entry is of, named ('Pull ticket PT-000001' in its sales order's history); null for the document itself. */
    about: z.string().nullable(),
    changes: z.array(HistoryFieldChangeSchema),
  })
  .meta({ id: 'HistoryEntry' });

/** A document's history route; its path keeps its literal type, so routeCall.ts names and types the route. */
const history = <const P extends string>(path: P, document: string) =>
  ({
    method: 'get',
    path,
    caller: 'browser',
    tags: ['history'],
    summary: `The ${document}'s history, newest first`,
    params: RecordIdSchema,
    responses: {
      200: { description: 'Every change recorded for it', body: z.array(HistoryEntrySchema) },
      404: { description: `No such ${document} in the company` },
    },
  }) as const satisfies RouteContract;

/** The History tab of each details dialog (svc-inventory/src/routes/history.ts). */
export const HISTORY_ROUTES = [
  history('/api/purchase-orders/:id/history', 'purchase order'),
  history('/api/sales-orders/:id/history', 'sales order'),
  history('/api/pull-tickets/:id/history', 'pull ticket'),
] as const satisfies readonly RouteContract[];

export type HistoryDocumentKind = z.infer<typeof HistoryDocumentKindSchema>;
export type HistoryFieldChange = z.infer<typeof HistoryFieldChangeSchema>;
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
