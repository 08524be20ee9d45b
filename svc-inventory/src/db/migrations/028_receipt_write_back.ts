import type { Migration } from '@printpool/service-kit';

/**
 * Receipts written back to the QuickBooks PO (docs/product.md §11). A receipt the broker asked to
 * write keeps where that stands (`write_back`: pending, written, failed; null when not asked),
 * QuickBooks' reason when it failed, and when QuickBooks answered. Once a write set a line's Qty to
 * what was received, `purchase_order_lines.qty_ordered` keeps the quantity it replaced, so the run
 * is still measured against what was ordered (read/receipts.ts); null while QuickBooks' Qty is the
 * ordered quantity.
 */
export const receiptWriteBackMigration: Migration = {
  name: '028_receipt_write_back',
  async up(knex) {
    await knex.schema.alterTable('purchase_order_receipts', (t) => {
      t.text('write_back');
      t.text('write_back_reason');
      t.timestamp('write_back_at', { useTz: true });
    });
    await knex.schema.alterTable('purchase_order_lines', (t) => {
      t.specificType('qty_ordered', 'numeric');
    });
  },
};
