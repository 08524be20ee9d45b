import { describeOnPostgres } from '@printpool/service-kit/testing';
import { PullTicketEventSchema } from '@printpool/contracts';
import { ONLY_ACCEPTED_ORDERS } from '@printpool/domain';
import { reconcile } from '../src/index.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, estimate, estimateEvent, line, startInventory, type TestInventory } from './support/service.js';

const T = 't-pt';
const OTHER = 't-pt-other';
let inv: TestInventory;
let orderId: number;

const create = (tenantId: string, id: number, body: object = {}) => inv.api(tenantId).post(`/api/sales-orders/${id}/create-pull-ticket`, body);

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
  await seedCatalog(inv, OTHER);
  orderId = await acceptedOrder(inv, T, 'e1', 'EST-5001-BL');
});
afterAll(() => inv.close());

describe('creating a pull ticket', () => {
  it('carries the customer shipping details, the vendor contact, the bulk PO and the item specs', async () => {
    const poId = (
      await inv
        .api(T)
        .get('/api/sales-orders/' + orderId)
        .expect(200)
    ).body.bulkPoId as number;
    expect(poId).toEqual(expect.any(Number));
    const res = await create(T, orderId).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      ptNumber: 'PT-000001',
      salesOrderId: orderId,
      soNumber: 'EST-5001-BL',
      customerName: 'Acme Marketing',
      customerEmail: 'buyer@acme.test',
      customerPhone: '(512) 555-0100',
      customerAddress: '1 Main St, Austin, TX 78701, US',
      customerShippingAddress: '200 Event Center Blvd, Austin, TX 78701, US',
      vendorName: 'Pinnacle Press Inc.',
      vendorEmail: 'fulfil@pinnacle.test',
      vendorPhone: '(512) 555-0199',
      vendorAddress: '50 Press Ave, Dallas, TX 75201, US',
      bulkPoNumber: 'PO-7001-BL',
      bulkPoId: poId,
      status: 'pending',
      notes: 'Deliver to loading dock B',
      orderDeletedInQuickbooksAt: null,
      shipByDate: null,
      items: [
        { item_id: 'flyer', item_name: 'Item flyer', description: 'A5 flyer, 170gsm gloss', sku: 'FLY-A5', qty: 500, unit_price: 0.2 },
        { item_id: 'card', item_name: 'Item card', description: '350gsm matte', sku: 'BC-350', qty: 250, unit_price: 0.5 },
      ],
      approvalNotes: null,
      attachmentPath: null,
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      // PO-7001-BL reads the product's defaults: no charge, no rule to override.
      releaseCharge: '0.00',
      programOverride: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: expect.any(String),
    });
    expect((await inv.api(T).get(`/api/pull-tickets/${res.body.id}`).expect(200)).body).toEqual(res.body);
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.pendingPullTickets).toBe(1);
    const [event] = await committedEvents(inv, T, 'inventory.pull-ticket.created');
    expect(PullTicketEventSchema.parse(event)).toMatchObject({
      pullTicketId: res.body.id,
      ptNumber: 'PT-000001',
      status: 'pending',
      bulkPoNumber: 'PO-7001-BL',
    });
  });

  it('ships to every line of a free-form address, as most QuickBooks transaction addresses arrive', async () => {
    const shipAddress = {
      line1: 'Jane Roe',
      line2: 'Harbor Dental',
      line3: '12 Dock Rd Suite 4',
      line4: 'Austin, TX 78701',
      line5: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
    };
    const F = 't-pt-free-form';
    await seedCatalog(inv, F);
    await inv.deliver(estimateEvent(F, [estimate('e-free', 'EST-5009-BL', [line('1', 'flyer', 10, 0.2)], { txnStatus: 'Accepted', shipAddress })]));
    const id = (await inv.api(F).get('/api/sales-orders?search=EST-5009-BL').expect(200)).body[0].id as number;
    const res = await create(F, id).expect(201);
    expect(res.body.customerShippingAddress).toBe('Jane Roe, Harbor Dental, 12 Dock Rd Suite 4, Austin, TX 78701');
  });

  it('refuses a second ticket while every unit is on the first, forced or not, and shows the open one on the order', async () => {
    const refused = await create(T, orderId).expect(409);
    expect(refused.body.message).toBe('This sales order already has pull ticket PT-000001 (pending)');
    expect(refused.body.details).toMatchObject({ ptNumber: 'PT-000001', status: 'pending', pullTicketId: expect.any(Number) });
    expect((await create(T, orderId, { force: true }).expect(409)).body.message).toBe('This sales order already has pull ticket PT-000001 (pending)');
    // Cancelling the first returns its units: a second ticket may release part of them.
    await inv.api(T).edit(`/api/pull-tickets/${refused.body.details.pullTicketId}`, { status: 'cancelled' }).expect(200);
    const second = await create(T, orderId, { lines: [{ itemId: 'flyer', quantity: 100 }] }).expect(201);
    expect(second.body.ptNumber).toBe('PT-000002');
    const order = (await inv.api(T).get(`/api/sales-orders/${orderId}`).expect(200)).body;
    expect(order.bulkPoNumber).toBe('PO-7001-BL');
    expect(order.fulfilment).toEqual({
      pullTicketId: second.body.id,
      ptNumber: 'PT-000002',
      status: 'pending',
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      ticketCount: 2,
    });
    expect((await create(T, orderId, { force: 'yes' }).expect(400)).body.details.issues[0]).toEqual({ field: 'force', message: 'Force must be true or false' });
  });

  it('allows a new ticket once every ticket of the order is cancelled', async () => {
    const tickets = (await inv.api(T).get(`/api/pull-tickets?search=EST-5001-BL`).expect(200)).body as { id: number }[];
    for (const ticket of tickets) await inv.api(T).edit(`/api/pull-tickets/${ticket.id}`, { status: 'cancelled' }).expect(200);
    expect((await create(T, orderId).expect(201)).body.ptNumber).toBe('PT-000003');
  });

  it('only accepts orders in processing (a manual one once accepted here: manualAcceptance.test.ts)', async () => {
    const pendingEstimate = await acceptedOrder(inv, T, 'e2', 'EST-5002-BL', 'Pending');
    const refused = await create(T, pendingEstimate).expect(422);
    expect(refused.body.message).toBe(ONLY_ACCEPTED_ORDERS);
    // A local edit keeps the qbId but leaves 'processing': refused too.
    const edited = await acceptedOrder(inv, T, 'e3', 'EST-5003-BL');
    const current = (await inv.api(T).get(`/api/sales-orders/${edited}`).expect(200)).body;
    await inv
      .api(T)
      .edit(`/api/sales-orders/${edited}`, { ...current, status: 'completed' })
      .expect(200);
    await create(T, edited).expect(422);
    await create(T, 999_999).expect(404);
  });

  it('numbers tickets per tenant and hides each tenant’s tickets from the other', async () => {
    const otherOrder = await acceptedOrder(inv, OTHER, 'e1', 'EST-9001-BL');
    const other = await create(OTHER, otherOrder).expect(201);
    expect(other.body.ptNumber).toBe('PT-000001');
    await create(OTHER, orderId).expect(404);
    await inv
      .api(OTHER)
      .get(`/api/pull-tickets/${(await inv.api(T).get('/api/pull-tickets').expect(200)).body[0].id}`)
      .expect(404);
    await inv.api(T).get(`/api/pull-tickets/${other.body.id}`).expect(404);
    await inv.api(T).edit(`/api/pull-tickets/${other.body.id}`, { notes: 'x' }).expect(404);
    await inv.api(T).post(`/api/pull-tickets/${other.body.id}/ship`, { sendEmail: false }).expect(404);
    await inv.api(T).delete(`/api/pull-tickets/${other.body.id}`).expect(404);
    await inv.api(T).get('/api/pull-tickets/abc').expect(404);
    expect((await inv.api(OTHER).get('/api/pull-tickets').expect(200)).body.map((t: { ptNumber: string }) => t.ptNumber)).toEqual(['PT-000001']);
  });

  it('lists newest first, searched over number, vendor, order, customer and status, paged', async () => {
    const all = await inv.api(T).get('/api/pull-tickets').expect(200);
    expect(all.body.map((t: { ptNumber: string }) => t.ptNumber)).toEqual(['PT-000003', 'PT-000002', 'PT-000001']);
    expect(all.headers['x-total-count']).toBe('3');
    const search = async (term: string) =>
      (
        await inv
          .api(T)
          .get(`/api/pull-tickets?search=${encodeURIComponent(term)}`)
          .expect(200)
      ).body.map((t: { ptNumber: string }) => t.ptNumber);
    expect(await search('pt-000002')).toEqual(['PT-000002']);
    expect(await search('pinnacle')).toHaveLength(3);
    expect(await search('5001')).toHaveLength(3);
    expect(await search('acme')).toHaveLength(3);
    expect(await search('pending')).toEqual(['PT-000003']);
    expect(await search('nobody')).toEqual([]);
    const page = await inv.api(T).get('/api/pull-tickets?limit=1&offset=1').expect(200);
    expect(page.body.map((t: { ptNumber: string }) => t.ptNumber)).toEqual(['PT-000002']);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('refuses another ticket once the order has shipped (it is completed), and shows the shipment on the order', async () => {
    const shippedOrder = await acceptedOrder(inv, T, 'e-shipped', 'EST-5010-BL');
    const first = (await create(T, shippedOrder).expect(201)).body;
    await inv.api(T).post(`/api/pull-tickets/${first.id}/ship`, { sendEmail: false, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }).expect(200);
    expect((await create(T, shippedOrder).expect(422)).body.message).toBe(ONLY_ACCEPTED_ORDERS);
    const order = (await inv.api(T).get(`/api/sales-orders/${shippedOrder}`).expect(200)).body;
    expect(order.status).toBe('completed');
    expect(order.fulfilment).toMatchObject({
      pullTicketId: first.id,
      status: 'shipped',
      shippedAt: expect.any(String),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      ticketCount: 1,
    });
  });

  it('needs the order’s bulk PO: an accepted order without one is refused until the broker chooses one', async () => {
    const bare = await acceptedOrder(inv, T, 'e-bare', 'EST-5011-BL');
    const poId = (await inv.api(T).get(`/api/sales-orders/${bare}`).expect(200)).body.bulkPoId as number;
    await inv.db.knex('sales_orders').where({ tenant_id: T, id: bare }).update({ bulk_po_id: null });
    const refused = await create(T, bare).expect(422);
    expect(refused.body.message).toBe('Choose the bulk purchase order that covers this order before creating its pull ticket');
    expect(refused.body.details).toMatchObject({ field: 'bulkPoId' });
    expect(await inv.db.knex('pull_tickets').where({ tenant_id: T, so_number: 'EST-5011-BL' })).toEqual([]);
    await inv.db.knex('sales_orders').where({ tenant_id: T, id: bare }).update({ bulk_po_id: poId });
    expect((await create(T, bare).expect(201)).body).toMatchObject({ bulkPoId: poId, vendorName: 'Pinnacle Press Inc.' });
  });

  it('draws an accepted order without a bulk PO from the covering one the broker chooses, then makes its ticket', async () => {
    const bare = await acceptedOrder(inv, T, 'e-chosen', 'EST-5012-BL');
    const poId = (await inv.api(T).get(`/api/sales-orders/${bare}`).expect(200)).body.bulkPoId as number;
    await holdNothing(bare);
    const remaining = async () => (await inv.api(T).get(`/api/purchase-orders/${poId}`).expect(200)).body.quantityRemaining as number;
    const before = await remaining();

    const short = await create(T, bare, { bulkPoId: poId + 1000 }).expect(422);
    expect(short.body).toMatchObject({ message: 'No bulk purchase orders with sufficient inventory for these items', details: { field: 'bulkPoId' } });
    expect(await inv.db.knex('pull_tickets').where({ tenant_id: T, so_number: 'EST-5012-BL' })).toEqual([]);
    expect((await create(OTHER, bare, { bulkPoId: poId }).expect(404)).body.message).toBeDefined();

    const ticket = (await create(T, bare, { bulkPoId: poId }).expect(201)).body;
    expect(ticket).toMatchObject({ bulkPoId: poId, bulkPoNumber: 'PO-7001-BL', vendorName: 'Pinnacle Press Inc.' });
    expect((await inv.api(T).get(`/api/sales-orders/${bare}`).expect(200)).body).toMatchObject({
      status: 'processing',
      bulkPoId: poId,
      fulfilment: { ptNumber: ticket.ptNumber },
    });
    expect(await remaining()).toBe(before - 750);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

/** As if the pool had been short when QuickBooks accepted the order: it holds nothing and names no bulk PO. */
async function holdNothing(salesOrderId: number): Promise<void> {
  await inv.db.knex.transaction(async (trx) => {
    const held: { purchase_order_line_id: number; item_qb_id: string; qty: string }[] = await trx('allocations')
      .where({ tenant_id: T, sales_order_id: salesOrderId })
      .whereNull('released_at')
      .update({ released_at: trx.fn.now() })
      .returning(['purchase_order_line_id', 'item_qb_id', 'qty']);
    for (const draw of held) {
      await trx('purchase_order_lines').where({ id: draw.purchase_order_line_id }).increment('qty_remaining', Number(draw.qty));
      await trx('item_levels').where({ tenant_id: T, item_qb_id: draw.item_qb_id }).increment('virtual_inventory', Number(draw.qty));
    }
    await trx('sales_orders').where({ tenant_id: T, id: salesOrderId }).update({ bulk_po_id: null });
  });
}

// Row locks only contend with several connections; PGlite has one.
describeOnPostgres('20 simultaneous creations', () => {
  it('give consecutive numbers per tenant with no gap or repeat', async () => {
    const tenant = 't-pt-race';
    await seedCatalog(inv, tenant);
    const orders: number[] = [];
    for (let i = 0; i < 20; i++) orders.push(await acceptedOrder(inv, tenant, `r${i}`, `EST-R${i}-BL`));
    // Two requests for the first order as well: only one may open a ticket.
    const results = await Promise.all([...orders, orders[0]!].map((id) => create(tenant, id)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(20).fill(201), 409]);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.ptNumber as string)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `PT-${String(i + 1).padStart(6, '0')}`));
  });
});
