import pg from 'pg';

/**
 * What a sync leaves in the product, keyed by QuickBooks ids so that runs on different databases
 * compare: row counts per entity, each sales order's status, bulk PO and draws, each PO line's
 * remaining quantity and each item's level in the pool.
 */
export interface Snapshot {
  counts: Record<string, number>;
  orders: Record<string, string>;
  poLines: Record<string, string>;
  itemLevels: Record<string, string>;
}

const COUNTED = [
  'customers',
  'vendors',
  'items',
  'purchase_orders',
  'purchase_order_lines',
  'sales_orders',
  'sales_order_lines',
  'pull_tickets',
  'item_levels',
];

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 60_000 });
  // A server that goes away mid-query must fail this call, not the test process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function keyed(client: pg.Client, sql: string): Promise<Record<string, string>> {
  const { rows } = await client.query<{ key: string; value: string }>(sql);
  return Object.fromEntries(rows.map((row) => [row.key, String(row.value)]));
}

export async function takeSnapshot(url: string): Promise<Snapshot> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {};
    const { rows } = await client.query<{ name: string; n: string }>(
      COUNTED.map((table) => `SELECT '${table}' AS name, count(*) AS n FROM inventory.${table}`).join(' UNION ALL '),
    );
    for (const row of rows) counts[row.name] = Number(row.n);
    const orders = await keyed(
      client,
      `SELECT so.qb_id AS key,
              so.status || '|' || coalesce(bulk.qb_id, '-') || '|' || coalesce(d.draws, '') AS value
       FROM inventory.sales_orders so
       LEFT JOIN inventory.purchase_orders bulk ON bulk.id = so.bulk_po_id
       LEFT JOIN LATERAL (
         SELECT string_agg(po.qb_id || '#' || l.line_no || ':' || q.qty::float8, ',' ORDER BY po.qb_id, l.line_no) AS draws
         FROM (SELECT a.purchase_order_line_id, sum(a.qty) AS qty FROM inventory.allocations a
               WHERE a.sales_order_id = so.id AND a.released_at IS NULL GROUP BY a.purchase_order_line_id) q
         JOIN inventory.purchase_order_lines l ON l.id = q.purchase_order_line_id
         JOIN inventory.purchase_orders po ON po.id = l.purchase_order_id
       ) d ON true`,
    );
    const poLines = await keyed(
      client,
      `SELECT po.qb_id || '#' || l.line_no AS key, l.qty::float8 || '/' || l.qty_remaining::float8 AS value
       FROM inventory.purchase_order_lines l JOIN inventory.purchase_orders po ON po.id = l.purchase_order_id`,
    );
    // numeric quantities compared by value: 30 and 30.0 are the same level.
    const itemLevels = await keyed(client, 'SELECT item_qb_id AS key, virtual_inventory::float8::text AS value FROM inventory.item_levels');
    return { counts, orders, poLines, itemLevels };
  });
}

/** The snapshot once the orders named (by QuickBooks id) have shipped in full: each is 'completed' (docs/product.md §4). */
export function withFulfilled(snapshot: Snapshot, qbIds: string[]): Snapshot {
  const orders = { ...snapshot.orders };
  for (const qbId of qbIds) orders[qbId] = orders[qbId]!.replace(/^processing\|/, 'completed|');
  return { ...snapshot, orders };
}

export function entityCount(snapshot: Snapshot): number {
  const { counts } = snapshot;
  return counts.customers! + counts.vendors! + counts.items! + counts.purchase_orders! + counts.sales_orders!;
}

export interface SnapshotDiff {
  /** Nothing differs. */
  equal: boolean;
  /** Differences that are not a different choice of PO for an order: counts, statuses, units held, line quantities, item levels. */
  hard: string[];
  /** Orders with the same status but drawn from another PO, and the remaining quantities that follow. */
  allocationChoice: string[];
}

function diffRecord(name: string, expected: Record<string, string>, actual: Record<string, string>, limit = 5): { count: number; examples: string[] } {
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const examples: string[] = [];
  let count = 0;
  for (const key of keys) {
    if (expected[key] === actual[key]) continue;
    count += 1;
    if (examples.length < limit) examples.push(`${name} ${key}: expected ${expected[key] ?? '(none)'}, got ${actual[key] ?? '(none)'}`);
  }
  return { count, examples };
}

export function compareSnapshots(expected: Snapshot, actual: Snapshot): SnapshotDiff {
  const hard: string[] = [];
  const allocationChoice: string[] = [];
  for (const name of COUNTED) {
    if (expected.counts[name] !== actual.counts[name]) hard.push(`count of ${name}: expected ${expected.counts[name]}, got ${actual.counts[name]}`);
  }
  // An order's status and how much it holds, whichever PO lines it holds it on.
  const held = (value: string) => {
    const [status, , draws] = value.split('|');
    const units = (draws ? draws.split(',') : []).reduce((sum, draw) => sum + Number(draw.split(':')[1]), 0);
    return `${status} holding ${units}`;
  };
  const statusOnly = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, held(value)]));
  const statuses = diffRecord('order', statusOnly(expected.orders), statusOnly(actual.orders));
  if (statuses.count > 0) hard.push(`${statuses.count} orders' status or units held differ: ${statuses.examples.join('; ')}`);
  const quantities = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value.split('/')[0]!]));
  const lines = diffRecord('PO line', quantities(expected.poLines), quantities(actual.poLines));
  if (lines.count > 0) hard.push(`${lines.count} PO lines' quantity differs: ${lines.examples.join('; ')}`);
  const draws = diffRecord('order', expected.orders, actual.orders);
  if (draws.count > statuses.count) allocationChoice.push(`${draws.count - statuses.count} orders drawn from other PO lines: ${draws.examples.join('; ')}`);
  const remaining = diffRecord('PO line', expected.poLines, actual.poLines);
  if (remaining.count > lines.count) allocationChoice.push(`${remaining.count - lines.count} PO lines' remaining differs: ${remaining.examples.join('; ')}`);
  const levels = diffRecord('item level', expected.itemLevels, actual.itemLevels);
  if (levels.count > 0) hard.push(`${levels.count} item levels differ: ${levels.examples.join('; ')}`);
  return { equal: hard.length === 0 && allocationChoice.length === 0, hard, allocationChoice };
}
