import type { Knex } from 'knex';

const STATUSES = ['active', 'processing', 'pending', 'completed', 'cancelled'];

// 2,000 customers named as print buyers are (place, business, trade), so that a search for one
// of them meets the spread of trigrams real names have, not one shared "Customer N" prefix.
const PLACES = [
  'Harbor',
  'Summit',
  'Cedar',
  'Maple',
  'Granite',
  'Willow',
  'Beacon',
  'Prairie',
  'Lakeside',
  'Northgate',
  'Riverbend',
  'Oakwood',
  'Silver',
  'Copper',
  'Highland',
  'Bayview',
  'Redwood',
  'Pinecrest',
  'Sterling',
  'Meadow',
  'Ashford',
  'Brookside',
  'Clearwater',
  'Fairview',
  'Glenwood',
  'Hillcrest',
  'Ironwood',
  'Juniper',
  'Kingston',
  'Linden',
  'Marston',
  'Newport',
  'Orchard',
  'Parkside',
  'Quarry',
  'Rosewood',
  'Stonebridge',
  'Tidewater',
  'Upland',
  'Westfield',
];
const BUSINESSES = [
  'Dental',
  'Realty',
  'Bakery',
  'Fitness',
  'Brewing',
  'Auto',
  'Vineyards',
  'Pediatrics',
  'Outfitters',
  'Law Group',
  'Insurance',
  'Coffee',
  'Florist',
  'Hardware',
  'Veterinary',
  'Academy',
  'Cycles',
  'Roofing',
  'Catering',
  'Studios',
  'Motors',
  'Clinic',
  'Church',
  'Credit Union',
  'Hotel',
  'Bistro',
  'Pharmacy',
  'Landscaping',
  'Plumbing',
  'Tavern',
  'Salon',
  'Marina',
  'Apparel',
  'Chiropractic',
  'Builders',
  'Orthodontics',
  'Kitchens',
  'Golf Club',
  'Animal Hospital',
  'Market',
  'Winery',
  'Optical',
  'Pet Supply',
  'Storage',
  'Yoga',
  'Financial',
  'Electric',
  'Surf Shop',
  'Bookstore',
  'Theater',
];
const TRADES = ['Inc', 'LLC', 'Co', 'Group', 'Partners', 'Associates', 'Company', 'Ltd'];

/** The name of customer `index` (0–1,999), as the seed writes it. */
export function customerName(index: number): string {
  return `${PLACES[index % 40]} ${BUSINESSES[Math.floor(index / 40) % 50]} ${TRADES[index % 8]}`;
}

/** The customer whose stock the bench reads (GET /api/customers/:id/inventory): one of those holding bulk stock. */
export const STOCK_CUSTOMER = 12;

/**
 * Whose stock it is (docs/product.md §12): the 2,000 customers the orders name, each order their
 * QuickBooks customer's; every bulk PO line bought for one of the first 50 of them (its CustomerRef);
 * and for the bench's customer a year of shipped releases, two a month, from its first bulk PO.
 */
async function seedCustomerStock(knex: Knex, tenantId: string): Promise<void> {
  await knex.raw(
    `INSERT INTO customers (tenant_id, qb_id, name, email, qb_updated_at)
     SELECT ?, 'c-' || c, (?::text[])[1 + c % 40] || ' ' || (?::text[])[1 + (c / 40) % 50] || ' ' || (?::text[])[1 + c % 8], 'buyer' || c || '@customer.test', now()
     FROM generate_series(0, 1999) c`,
    [tenantId, PLACES, BUSINESSES, TRADES],
  );
  await knex.raw(`UPDATE sales_orders SET customer_qb_id = 'c-' || (substr(qb_id, 3)::int % 2000) WHERE tenant_id = ?`, [tenantId]);
  await knex.raw(
    `UPDATE purchase_order_lines l SET customer_qb_id = 'c-' || (substr(po.qb_id, 4)::int % 50)
     FROM purchase_orders po WHERE po.id = l.purchase_order_id AND po.po_type = 'BULK' AND l.tenant_id = ?`,
    [tenantId],
  );
  await knex.raw(
    `INSERT INTO pull_tickets (tenant_id, pt_number, status, sales_order_id, bulk_po_id, items, shipped_at)
     SELECT ?, 'PT-S' || lpad(g::text, 4, '0'), 'shipped',
            (SELECT so.id FROM sales_orders so WHERE so.tenant_id = ? AND so.customer_qb_id = 'c-' || ? ORDER BY so.id LIMIT 1),
            line.purchase_order_id, jsonb_build_array(jsonb_build_object('item_id', line.item_qb_id, 'qty', 150)),
            now() - g * interval '15 days'
     FROM generate_series(1, 24) g,
          LATERAL (SELECT l.purchase_order_id, l.item_qb_id FROM purchase_order_lines l WHERE l.tenant_id = ? AND l.customer_qb_id = 'c-' || ?
                   ORDER BY l.purchase_order_id, l.line_no LIMIT 1) line`,
    [tenantId, tenantId, STOCK_CUSTOMER, tenantId, STOCK_CUSTOMER],
  );
}

/**
 * A broker with `orders` sales orders (two lines each), 300 purchase orders (every third one
 * bulk) and 500 pull tickets, written by set-based INSERTs so 100,000 orders take seconds.
 * Orders are spread over the last ~70 days, one a minute, so paging sorts real timestamps.
 */
export async function seedTenant(knex: Knex, tenantId: string, orders: number): Promise<void> {
  await knex.raw(
    `INSERT INTO purchase_orders (tenant_id, qb_id, po_number, vendor_name, vendor_email, po_type, source_status, txn_date, total_amount, created_at, updated_at)
     SELECT ?, 'po-' || g, (4000 + g) || CASE WHEN g % 3 = 0 THEN '-BL' ELSE '' END, 'Vendor ' || (g % 40), 'orders@vendor' || (g % 40) || '.test',
            CASE WHEN g % 3 = 0 THEN 'BULK' ELSE 'STANDARD' END, CASE WHEN g % 7 = 0 THEN 'closed' ELSE 'open' END,
            current_date - g, 5000, now() - g * interval '1 hour', now() - g * interval '1 hour'
     FROM generate_series(1, 300) g`,
    [tenantId],
  );
  await knex.raw(
    `INSERT INTO purchase_order_lines (tenant_id, purchase_order_id, line_no, item_qb_id, item_name, qty, unit_price, qty_remaining)
     SELECT po.tenant_id, po.id, n, 'item-' || ((po.id + n) % 60), 'Item ' || ((po.id + n) % 60), 10000, 0.5, 10000 - n * 1000
     FROM purchase_orders po CROSS JOIN generate_series(1, 3) n WHERE po.tenant_id = ?`,
    [tenantId],
  );
  await knex.raw(
    `INSERT INTO item_levels (tenant_id, item_qb_id, virtual_inventory)
     SELECT l.tenant_id, l.item_qb_id, sum(l.qty_remaining) FROM purchase_order_lines l
     JOIN purchase_orders po ON po.id = l.purchase_order_id AND po.po_type = 'BULK' AND po.source_status = 'open'
     WHERE l.tenant_id = ? GROUP BY l.tenant_id, l.item_qb_id`,
    [tenantId],
  );
  await knex.raw(
    `INSERT INTO sales_orders (tenant_id, qb_id, so_number, customer_name, customer_email, txn_status, status, total_quantity, total_amount, sync_status, txn_date, created_at, updated_at)
     SELECT ?, 'e-' || g, (100000 + g) || '-BL',
            (?::text[])[1 + c % 40] || ' ' || (?::text[])[1 + (c / 40) % 50] || ' ' || (?::text[])[1 + c % 8], 'buyer' || c || '@customer.test', 'Pending',
            (?::text[])[1 + g % 5], 500, 250, 'synced', current_date - g / 1440, now() - g * interval '1 minute', now() - g * interval '1 minute'
     FROM generate_series(1, ?) g, LATERAL (SELECT g % 2000 AS c) customer`,
    [tenantId, PLACES, BUSINESSES, TRADES, STATUSES, orders],
  );
  await knex.raw(
    `INSERT INTO sales_order_lines (tenant_id, sales_order_id, line_no, item_qb_id, item_name, quantity, unit_price, total_price)
     SELECT so.tenant_id, so.id, n, 'item-' || ((so.id + n) % 60), 'Item ' || ((so.id + n) % 60), 250, 0.5, 125
     FROM sales_orders so CROSS JOIN generate_series(1, 2) n WHERE so.tenant_id = ?`,
    [tenantId],
  );
  await knex.raw(
    `INSERT INTO pull_tickets (tenant_id, pt_number, status, items)
     SELECT ?, 'PT-' || lpad(g::text, 6, '0'), (ARRAY['pending', 'sent', 'shipped'])[1 + g % 3], '[]'::jsonb FROM generate_series(1, 500) g`,
    [tenantId],
  );
  await seedCustomerStock(knex, tenantId);
  // What autovacuum does after a bulk insert: statistics, and the visibility map index-only scans (the counts) rely on.
  await knex.raw('VACUUM ANALYZE customers, sales_orders, sales_order_lines, purchase_orders, purchase_order_lines, item_levels, pull_tickets');
}
