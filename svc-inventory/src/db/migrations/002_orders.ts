import type { Migration } from '@printpool/service-kit';

/**
 * Purchase orders, sales orders and the allocation ledger between their lines. Items are
 * referenced by QuickBooks id (item_qb_id), as QuickBooks documents reference them, so a line
 * can arrive before its item does.
 */
export const ordersMigration: Migration = {
  name: '002_orders',
  async up(knex) {
    await knex.schema.createTable('purchase_orders', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.text('qb_id');
      t.text('po_number').notNullable();
      t.text('vendor_qb_id');
      t.text('vendor_name');
      t.text('vendor_email');
      t.text('po_type').notNullable();
      // Status as QuickBooks (or the manual entry) has it; the effective status is override ?? this.
      t.text('source_status').notNullable().defaultTo('open');
      t.text('override_status');
      t.date('txn_date');
      t.decimal('total_amount', 14, 2).notNullable().defaultTo(0);
      t.text('memo');
      t.text('sync_token');
      t.timestamp('qb_updated_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['tenant_id', 'qb_id']);
      t.index(['tenant_id', 'po_type', 'txn_date', 'id']);
      t.index(['tenant_id', 'created_at']);
    });
    await knex.schema.createTable('purchase_order_lines', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.bigInteger('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
      t.integer('line_no').notNullable();
      t.text('qb_line_id');
      t.text('item_qb_id');
      t.text('item_name');
      t.text('description');
      t.integer('qty').notNullable();
      t.decimal('unit_price', 14, 2).notNullable().defaultTo(0);
      // Denormalized qty − unreleased draws, kept in the drawing transaction; reconcile checks it.
      t.integer('qty_remaining').notNullable();
      t.index(['purchase_order_id', 'line_no']);
      t.index(['tenant_id', 'item_qb_id']);
    });
    await knex.schema.createTable('sales_orders', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.text('qb_id');
      t.text('so_number').notNullable();
      t.text('customer_qb_id');
      t.text('customer_name').notNullable();
      t.text('customer_email');
      t.text('txn_status');
      t.text('status').notNullable();
      t.bigInteger('bulk_po_id').references('id').inTable('purchase_orders').onDelete('SET NULL');
      t.text('allocation_note');
      t.integer('total_quantity').notNullable().defaultTo(0);
      t.decimal('total_amount', 14, 2).notNullable().defaultTo(0);
      t.text('sync_status');
      t.text('sync_error');
      t.text('sync_token');
      t.date('txn_date');
      t.timestamp('qb_updated_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['tenant_id', 'qb_id']);
      t.index(['tenant_id', 'created_at']);
      t.index(['tenant_id', 'status']);
    });
    await knex.schema.createTable('sales_order_lines', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.bigInteger('sales_order_id').notNullable().references('id').inTable('sales_orders').onDelete('CASCADE');
      t.integer('line_no').notNullable();
      t.text('item_qb_id');
      t.text('item_name');
      t.text('description');
      t.text('sku');
      t.integer('quantity').notNullable();
      t.decimal('unit_price', 14, 2).notNullable().defaultTo(0);
      t.decimal('total_price', 14, 2).notNullable().defaultTo(0);
      t.index(['sales_order_id', 'line_no']);
    });
    await knex.schema.createTable('allocations', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.bigInteger('sales_order_id').notNullable();
      // Kept after the sales order line is gone: the ledger is history, released rows included.
      t.bigInteger('sales_order_line_id').references('id').inTable('sales_order_lines').onDelete('SET NULL');
      t.bigInteger('purchase_order_line_id').notNullable().references('id').inTable('purchase_order_lines').onDelete('CASCADE');
      t.text('item_qb_id').notNullable();
      t.integer('qty').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('released_at', { useTz: true });
    });
    await knex.raw('CREATE INDEX allocations_open_by_po_line ON allocations (purchase_order_line_id) WHERE released_at IS NULL');
    await knex.raw('CREATE INDEX allocations_open_by_sales_order ON allocations (tenant_id, sales_order_id) WHERE released_at IS NULL');
    await knex.schema.createTable('item_levels', (t) => {
      t.text('tenant_id').notNullable();
      t.text('item_qb_id').notNullable();
      // Sum of remaining on open bulk PO lines; kept in the transaction that moves it.
      t.integer('virtual_inventory').notNullable().defaultTo(0);
      t.primary(['tenant_id', 'item_qb_id']);
    });
  },
};
