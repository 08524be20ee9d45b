import type { Migration } from '@printpool/service-kit';

/**
 * How many sales orders a tenant has, and how many are active (the dashboard card), kept as
 * they change: counting 100,000 orders on every list request and dashboard visit was the
 * largest cost of both (bench/api/RESULTS.md).
 *
 * Statement triggers append one row of differences per statement that adds, removes or re-statuses
 * orders; nothing ever updates a shared row, so concurrent allocations do not queue behind one
 * another's tallies. A tenant's figures are the sums of its rows; `compactSalesOrderTallies`
 * folds them into one row from time to time, and reconcile checks them against the orders.
 * The function keeps the migration's search_path, so it finds this schema's tables whichever
 * connection fires it.
 */
const ACTIVE = "status IN ('active', 'processing')";

export const salesOrderTalliesMigration: Migration = {
  name: '006_sales_order_tallies',
  async up(knex) {
    await knex.schema.createTable('sales_order_tallies', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable().index();
      t.bigInteger('orders').notNullable();
      t.bigInteger('active_orders').notNullable();
    });
    await knex.raw(
      `INSERT INTO sales_order_tallies (tenant_id, orders, active_orders)
       SELECT tenant_id, count(*), count(*) FILTER (WHERE ${ACTIVE}) FROM sales_orders GROUP BY tenant_id`,
    );
    // plpgsql plans a statement when it first runs it, so each branch names only the transition tables its event has.
    await knex.raw(`
      CREATE FUNCTION tally_sales_orders() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO sales_order_tallies (tenant_id, orders, active_orders)
          SELECT tenant_id, count(*), count(*) FILTER (WHERE ${ACTIVE}) FROM added_orders GROUP BY tenant_id;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO sales_order_tallies (tenant_id, orders, active_orders)
          SELECT tenant_id, -count(*), -count(*) FILTER (WHERE ${ACTIVE}) FROM removed_orders GROUP BY tenant_id;
        ELSE
          INSERT INTO sales_order_tallies (tenant_id, orders, active_orders)
          SELECT tenant_id, sum(orders), sum(active_orders) FROM (
            SELECT tenant_id, 1 AS orders, (${ACTIVE})::int AS active_orders FROM added_orders
            UNION ALL
            SELECT tenant_id, -1, -(${ACTIVE})::int FROM removed_orders
          ) difference
          GROUP BY tenant_id
          HAVING sum(orders) <> 0 OR sum(active_orders) <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    // A trigger with transition tables may serve only one event.
    await knex.raw(
      'CREATE TRIGGER sales_orders_added AFTER INSERT ON sales_orders REFERENCING NEW TABLE AS added_orders FOR EACH STATEMENT EXECUTE FUNCTION tally_sales_orders()',
    );
    await knex.raw(
      'CREATE TRIGGER sales_orders_removed AFTER DELETE ON sales_orders REFERENCING OLD TABLE AS removed_orders FOR EACH STATEMENT EXECUTE FUNCTION tally_sales_orders()',
    );
    await knex.raw(
      'CREATE TRIGGER sales_orders_changed AFTER UPDATE ON sales_orders REFERENCING OLD TABLE AS removed_orders NEW TABLE AS added_orders FOR EACH STATEMENT EXECUTE FUNCTION tally_sales_orders()',
    );
  },
};
