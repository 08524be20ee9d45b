import { createRouter, notFound, type Database, type ServiceRouter } from '@printpool/service-kit';
import type { HistoryDocumentKind } from '@printpool/contracts';
import { documentHistory } from '../read/documentHistory.js';
import { recordId } from './params.js';

const DOCUMENTS: readonly { kind: HistoryDocumentKind; path: string; name: string }[] = [
  { kind: 'purchase-order', path: '/api/purchase-orders/:id/history', name: 'Purchase order' },
  { kind: 'sales-order', path: '/api/sales-orders/:id/history', name: 'Sales order' },
  { kind: 'pull-ticket', path: '/api/pull-tickets/:id/history', name: 'Pull ticket' },
];

/** The History tab of each details dialog (docs/product.md §10): who changed the document, when, why and what. */
export function historyRoutes(db: Database): ServiceRouter {
  const router = createRouter();
  for (const { kind, path, name } of DOCUMENTS) {
    router.get(path, async (ctx) => {
      const entries = await documentHistory(db.knex, ctx.state.caller.tenantId, kind, recordId(ctx.params.id, name));
      if (!entries) throw notFound(name);
      ctx.body = entries;
    });
  }
  return router;
}
