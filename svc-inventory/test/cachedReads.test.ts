import { describeOnPostgres, waitFor } from '@printpool/service-kit/testing';
import { line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// Answers are kept only while a LISTEN connection hears every change, which embedded PGlite lacks.

const T = 't-cached';
const OTHER = 't-cached-other';

describeOnPostgres('lists and dashboard figures answered from memory', () => {
  let inv: TestInventory;
  // Reads of purchase orders only: the outbox relay and the tallies' compaction query on timers of their own.
  let statements = 0;
  const count = ({ sql }: { sql: string }) => void (sql.includes('purchase_orders') && (statements += 1));

  beforeAll(async () => {
    inv = await startInventory();
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-100-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print' })]));
    await inv.deliver(poEvent(OTHER, [purchaseOrder('1', 'PO-900-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print' })]));
    inv.db.knex.on('query', count);
  });
  afterAll(async () => {
    inv.db.knex.off('query', count);
    await inv.close();
  });

  /** The reads of purchase orders the database was sent while `work` ran. */
  async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
    const before = statements;
    await work();
    return statements - before;
  }

  const openPOs = async (tenantId = T) => (await inv.api(tenantId).get('/api/dashboard/stats').expect(200)).body.openPOs as number;
  const statusOf = async (poNumber: string, tenantId = T) =>
    (await inv.api(tenantId).get(`/api/purchase-orders?search=${poNumber}`).expect(200)).body[0].status as string;

  it('asks the database once for a repeated read, and at once again after the service changed the data itself', async () => {
    await waitFor(async () => expect(await statementsDuring(() => openPOs())).toBe(0));
    expect(await openPOs()).toBe(1);
    const [po] = (await inv.api(T).get('/api/purchase-orders').expect(200)).body;

    await inv.api(T).setStatus(`/api/purchase-orders/${po.id}`, { status: 'closed' }).expect(200);
    expect(await openPOs()).toBe(0);
    expect(await statusOf('PO-100')).toBe('closed');
    await inv.api(T).setStatus(`/api/purchase-orders/${po.id}`, { status: 'open' }).expect(200);
    expect(await openPOs()).toBe(1);
  });

  it("follows a change another process committed, and keeps other tenants' answers", async () => {
    expect(await statusOf('PO-100')).toBe('open');
    expect(await statusOf('PO-900', OTHER)).toBe('open');
    await waitFor(async () => expect(await statementsDuring(() => statusOf('PO-900', OTHER))).toBe(0));

    // Written past the service, as another replica or an operator's script would: only PostgreSQL's notification tells this process.
    await inv.db.knex('purchase_orders').where({ tenant_id: T, po_number: 'PO-100-BL' }).update({ override_status: 'closed' });
    await waitFor(async () => expect(await statusOf('PO-100')).toBe('closed'), { timeoutMs: 2000 });
    expect(await statementsDuring(() => statusOf('PO-900', OTHER))).toBe(0);
  });
});

/**
 * Cached answers are dropped when a table they read announces a change (src/db/migrations/007_tenant_change_announcements.ts), so a
 * tenant table that does not announce can leave a list stale. Every table holding tenant rows
 * announces, but these, which no list, dashboard figure or form reads (the History tab reads
 * document_history afresh every time: src/routes/history.ts).
 */
const BOOKKEEPING = new Set(['outbox', 'pull_ticket_counters', 'document_history']);

describe('read cache', () => {
  it('hears a change of every table holding tenant rows, but the bookkeeping ones', async () => {
    const inv = await startInventory();
    try {
      const { rows: tables } = (await inv.db.knex.raw(
        `SELECT c.table_name,
                (SELECT array_agg(t.tgname::text ORDER BY t.tgname) FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
                 WHERE r.relname = c.table_name AND r.relnamespace = to_regnamespace(?)) AS triggers
         FROM information_schema.columns c
         WHERE c.table_schema = ? AND c.column_name = 'tenant_id'
         ORDER BY c.table_name`,
        [inv.db.schema, inv.db.schema],
      )) as { rows: { table_name: string; triggers: string[] | null }[] };
      const announcing = (table: string) => ['added', 'removed', 'changed'].map((event) => `${table}_announce_${event}`);
      const unannounced = tables
        .filter(({ table_name: table, triggers }) => !announcing(table).every((name) => triggers?.includes(name)))
        .map((row) => row.table_name);
      expect(tables.length).toBeGreaterThan(BOOKKEEPING.size);
      expect(unannounced).toEqual([...BOOKKEEPING].sort());
    } finally {
      await inv.close();
    }
  });
});
