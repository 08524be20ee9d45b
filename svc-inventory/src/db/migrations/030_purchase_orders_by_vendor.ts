import type { Migration } from '@printpool/service-kit';

/**
 * A vendor's purchase orders found by its name as they carry it: whether a vendor has program
 * defaults to read (read/programs.ts loadVendorDefaults), the POs reading them, and the vendors
 * Settings offers for them (read/vendorList.ts), without a pass over every PO of the company.
 */
export const purchaseOrdersByVendorMigration: Migration = {
  name: '030_purchase_orders_by_vendor',
  async up(knex) {
    await knex.raw('CREATE INDEX purchase_orders_vendor_name ON purchase_orders (tenant_id, vendor_name)');
  },
};
