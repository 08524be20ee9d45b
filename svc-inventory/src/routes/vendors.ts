import { VendorListFiltersSchema } from '@printpool/contracts';
import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { VENDOR_CSV, vendorList, vendorView, type VendorRow } from '../read/vendorList.js';
import { listRoutes } from './listRoutes.js';

/** The vendors a manual purchase order names (read/vendorList.ts): the list and its CSV export. */
export function vendorRoutes(db: Database): ServiceRouter {
  const router = createRouter('/api');
  listRoutes(router, db, '/vendors', {
    filters: VendorListFiltersSchema,
    select: vendorList,
    view: (row: VendorRow) => vendorView(row),
    csv: VENDOR_CSV,
    fileName: 'vendors',
  });
  return router;
}
