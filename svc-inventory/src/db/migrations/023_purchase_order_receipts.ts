import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * Receipts of a bulk purchase order's run (docs/product.md §11): each delivery and what it
 * brought of each PO line. `purchase_order_lines.qty_received` is their sum per line, kept in
 * the transaction that records one (ledger/remainingQuantity.ts): null until a receipt names the
 * line, and from then on what the pool holds of it instead of the ordered quantity.
 */
export const purchaseOrderReceiptsMigration: Migration = {
  name: '023_purchase_order_receipts',
  async up(knex) {
    await knex.schema.alterTable('purchase_order_lines', (t) => {
      t.specificType('qty_received', 'numeric');
    });
    await knex.schema.createTable('purchase_order_receipts', (t) => {
      t.bigIncrements('id').primary();
      t.text('tenant_id').notNullable();
      t.bigInteger('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
      t.date('received_on').notNullable();
      t.text('note');
      t.text('status').notNullable();
      t.text('resolution_note');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['tenant_id', 'purchase_order_id']);
    });
    await knex.schema.createTable('purchase_order_receipt_lines', (t) => {
      t.bigIncrements('id').primary();
      t.text('tenant_id').notNullable();
      t.bigInteger('receipt_id').notNullable().references('id').inTable('purchase_order_receipts').onDelete('CASCADE');
      // A line QuickBooks later removes leaves the receipt's record of it, without the line.
      t.bigInteger('purchase_order_line_id').references('id').inTable('purchase_order_lines').onDelete('SET NULL');
      t.text('item_qb_id').notNullable();
      t.text('item_name');
      t.specificType('quantity_received', 'numeric').notNullable();
      t.index(['tenant_id', 'receipt_id']);
    });
    // Cached reads of a tenant follow these as they follow every table a screen reads (007).
    await announceTenantChanges(knex, ['purchase_order_receipts', 'purchase_order_receipt_lines']);
  },
};
