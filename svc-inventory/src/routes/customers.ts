import { CustomerListFiltersSchema } from '@printpool/contracts';
import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { CUSTOMER_CSV, customerList, customerView, type CustomerRow } from '../read/catalogLists.js';
import { listRoutes } from './listRoutes.js';

/** Customers page (read-only): the list and its CSV export (read/catalogLists.ts). */
export function customerRoutes(db: Database): ServiceRouter {
  const router = createRouter('/api');
  listRoutes(router, db, '/customers', {
    filters: CustomerListFiltersSchema,
    select: customerList,
    view: (row: CustomerRow) => customerView(row),
    csv: CUSTOMER_CSV,
    fileName: 'customers',
  });
  return router;
}
