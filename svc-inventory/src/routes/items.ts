import { ItemListFiltersSchema } from '@printpool/contracts';
import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { ITEM_CSV, itemList, itemView, type ItemRow } from '../read/catalogLists.js';
import { listRoutes } from './listRoutes.js';

/** Items page (read-only): the list and its CSV export (read/catalogLists.ts). */
export function itemRoutes(db: Database): ServiceRouter {
  const router = createRouter('/api');
  listRoutes(router, db, '/items', {
    filters: ItemListFiltersSchema,
    select: itemList,
    view: (row: ItemRow) => itemView(row),
    csv: ITEM_CSV,
    fileName: 'items',
  });
  return router;
}
