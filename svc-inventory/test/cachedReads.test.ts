import { waitFor } from '@printpool/service-kit/testing';
import { line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// Answers are kept only while a LISTEN connection hears every change, which embedded PGlite lacks.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const T = 't-cached';
const OTHER = 't-cached-other';

onPostgres('lists and dashboard figures answered from memory', () => {
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
  const statusOf = async (poNumber: string, tenantId = T) => (await inv.api(tenantId).get(`/api/purchase-orders?search=${poNumber}`).expect(200)).body[0].status as string;

  it('asks the database once for a repeated read, and at once again after the service changed the data itself', async () => {
    await waitFor(async () => expect(await statementsDuring(() => openPOs())).toBe(0));
    expect(await openPOs()).toBe(1);
    const [po] = (await inv.api(T).get('/api/purchase-orders').expect(200)).body;

    await inv.api(T).post(`/api/purchase-orders/${po.id}/status`, { status: 'closed' }).expect(200);
    expect(await openPOs()).toBe(0);
    expect(await statusOf('PO-100')).toBe('closed');
    await inv.api(T).post(`/api/purchase-orders/${po.id}/status`, { status: 'open' }).expect(200);
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
