import { INVENTORY_EVENTS, PROGRAM_RULE, ProgramRuleRefusalSchema, type HistoryFieldChange, type PullTicketEvent } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// Releases that keep a bulk PO's program (docs/product.md §11, Releases that keep the rules).
let inv: TestInventory;
let tenantNo = 0;

beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const NEXT_YEAR = isoDate(365);

interface Program {
  T: string;
  poId: number;
  /** An accepted order of `flyers` flyers, drawn from PO-9001-BL; answers its id. */
  order(flyers: number): Promise<number>;
  release(orderId: number, body?: object): ReturnType<ReturnType<TestInventory['api']>['post']>;
}

/**
 * A tenant whose oldest bulk PO, PO-9001-BL, holds 10,000 flyers on the terms given, so its
 * orders draw from it (the catalog's PO-7001-BL, newer, reads the product's defaults).
 */
async function program(terms: object | null): Promise<Program> {
  tenantNo += 1;
  const T = `t-release-rules-${tenantNo}`;
  await seedCatalog(inv, T);
  await inv.deliver(poEvent(T, [purchaseOrder('po9', 'PO-9001-BL', [line('1', 'flyer', 10_000, 0.1)], { txnDate: '2024-06-01' })]));
  const poId = (await inv.api(T).get('/api/purchase-orders?search=PO-9001-BL').expect(200)).body[0].id as number;
  if (terms) await inv.api(T).edit(`/api/purchase-orders/${poId}/program`, terms).expect(200);
  let orderNo = 0;
  return {
    T,
    poId,
    async order(flyers) {
      orderNo += 1;
      const docNumber = `EST-R${orderNo}-BL`;
      await inv.deliver(
        estimateEvent(T, [estimate(`r${orderNo}`, docNumber, [{ ...line('1', 'flyer', flyers, 0.2), itemName: 'Flyer A5' }], { txnStatus: 'Accepted' })]),
      );
      const [order] = (await inv.api(T).get(`/api/sales-orders?search=${docNumber}`).expect(200)).body;
      expect(order).toMatchObject({ status: 'processing', bulkPoNumber: 'PO-9001-BL' });
      return order.id as number;
    },
    release: (orderId, body = {}) => inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`, body),
  };
}

const flyers = (quantity: number) => ({ lines: [{ itemId: 'flyer', quantity }] });
const override = (reason: string) => ({ override: { reason } });
const ticketsOf = async (T: string) => (await inv.api(T).get('/api/pull-tickets').expect(200)).body as { id: number; status: string }[];
const changesOf = async (T: string, path: string): Promise<{ action: string; about: string | null; changes: HistoryFieldChange[] }[]> =>
  (await inv.api(T).get(`${path}/history`).expect(200)).body;
const field = (changes: HistoryFieldChange[], name: string) => changes.find((change) => change.field === name)?.after;

describe('a release below the minimum release', () => {
  it('is refused with 409 PROGRAM_RULE naming the rule and its numbers, and makes no ticket', async () => {
    const p = await program({ minReleaseQuantity: 2500, releaseCharge: 75, expiresOn: NEXT_YEAR });
    const id = await p.order(3000);
    const res = await p.release(id, flyers(300)).expect(409);
    expect(res.body.code).toBe(PROGRAM_RULE);
    expect(res.body.message).toBe('Releasing 300 of Flyer A5 is below the minimum release of 2,500 units on PO-9001-BL.');
    // The details are the contract's (libs/contracts inventoryReleaseRules.ts), as the dialogs read them.
    expect(ProgramRuleRefusalSchema.parse(res.body.details)).toMatchObject({
      rule: 'minimumRelease',
      itemId: 'flyer',
      quantity: 300,
      minReleaseQuantity: 2500,
      remainder: 9700,
      breaches: [expect.objectContaining({ rule: 'minimumRelease' })],
      program: { purchaseOrderId: p.poId, poNumber: 'PO-9001-BL', minReleaseQuantity: 2500, expiresOn: NEXT_YEAR },
      items: [{ itemId: 'flyer', itemName: 'Flyer A5', quantity: 300, onProgram: 10_000 }],
    });
    expect(await ticketsOf(p.T)).toEqual([]);
    expect((await inv.api(p.T).get(`/api/sales-orders/${id}`).expect(200)).body.unreleasedQuantity).toBe(3000);
  });

  it('goes through with an override, which the ticket, its history and its order’s history keep', async () => {
    const p = await program({ minReleaseQuantity: 2500, releaseCharge: 75, expiresOn: NEXT_YEAR });
    const id = await p.order(3000);
    const ticket = (await p.release(id, { ...flyers(300), ...override('  Customer’s trade show on Friday  ') }).expect(201)).body;
    const message = 'Releasing 300 of Flyer A5 is below the minimum release of 2,500 units on PO-9001-BL.';
    expect(ticket).toMatchObject({
      releaseCharge: '75.00',
      programOverride: { reason: 'Customer’s trade show on Friday', breaches: [{ rule: 'minimumRelease', message }] },
    });
    expect((await inv.api(p.T).get(`/api/pull-tickets/${ticket.id}`).expect(200)).body.programOverride.reason).toBe('Customer’s trade show on Friday');

    const [created] = await changesOf(p.T, `/api/pull-tickets/${ticket.id}`);
    expect(field(created!.changes, 'Program rules overridden')).toBe(message);
    expect(field(created!.changes, 'Override reason')).toBe('Customer’s trade show on Friday');
    const [ofOrder] = await changesOf(p.T, `/api/sales-orders/${id}`);
    expect(ofOrder).toMatchObject({ action: 'Pull ticket created', about: `Pull ticket ${ticket.ptNumber}` });
    expect(field(ofOrder!.changes, 'Override reason')).toBe('Customer’s trade show on Friday');
    // A billing system charges the release, and sees the rule broken, from the event alone.
    expect(await committedEvents<PullTicketEvent>(inv, p.T, INVENTORY_EVENTS.pullTicketCreated)).toEqual([
      expect.objectContaining({
        ptNumber: ticket.ptNumber,
        releaseCharge: '75.00',
        programOverride: { reason: 'Customer’s trade show on Friday', breaches: [{ rule: 'minimumRelease', message }] },
      }),
    ]);
    expect(await reconcile(inv.db.knex, { tenantId: p.T })).toEqual({ drift: [], fixed: false });
  });

  it('refuses an override without a reason, naming the field', async () => {
    const p = await program({ minReleaseQuantity: 2500, expiresOn: NEXT_YEAR });
    const id = await p.order(3000);
    const res = await p.release(id, { ...flyers(300), ...override('   ') }).expect(400);
    expect(res.body.details.issues).toEqual([{ field: 'override.reason', message: 'Override reason is required' }]);
  });
});

describe('a release after the program expired', () => {
  it('is refused naming the expiry, whatever its size, and goes through with an override', async () => {
    const p = await program({ expiresOn: '2025-12-31', releaseCharge: 40 });
    const id = await p.order(3000);
    const res = await p.release(id).expect(409);
    expect(res.body).toMatchObject({
      code: PROGRAM_RULE,
      message: 'The program of PO-9001-BL expired on Dec 31, 2025: this release is after its last day.',
      details: { rule: 'expired', expiresOn: '2025-12-31', itemId: null, minReleaseQuantity: null },
    });
    const ticket = (await p.release(id, override('Vendor agreed to an extension by phone')).expect(201)).body;
    expect(ticket.programOverride.breaches.map((breach: { rule: string }) => breach.rule)).toEqual(['expired']);
    expect(ticket.releaseCharge).toBe('40.00');
  });
});

describe('a release leaving less than a minimum release on the program', () => {
  it('is refused with the quantity that releases it all, which goes through as it is', async () => {
    const p = await program({ minReleaseQuantity: 2500, expiresOn: NEXT_YEAR });
    const id = await p.order(10_000);
    const res = await p.release(id, flyers(8000)).expect(409);
    expect(res.body.details).toMatchObject({ rule: 'remainderBelowMinimum', quantity: 8000, remainder: 2000, releaseAllQuantity: 10_000 });
    expect(res.body.details.breaches).toHaveLength(1);
    const ticket = (await p.release(id, flyers(res.body.details.releaseAllQuantity)).expect(201)).body;
    expect(ticket.programOverride).toBeNull();
    expect(await committedEvents<PullTicketEvent>(inv, p.T, INVENTORY_EVENTS.pullTicketCreated)).toEqual([
      expect.objectContaining({ ptNumber: ticket.ptNumber, releaseCharge: '0.00', programOverride: null }),
    ]);
  });

  it('counts what other orders’ tickets released from the program, but not cancelled ones', async () => {
    const p = await program({ minReleaseQuantity: 2500, expiresOn: NEXT_YEAR });
    const first = await p.order(5000);
    const second = await p.order(4000);
    const taken = (await p.release(first).expect(201)).body;
    const res = await p.release(second).expect(409);
    expect(res.body.details).toMatchObject({
      rule: 'remainderBelowMinimum',
      remainder: 1000,
      releaseAllQuantity: 5000,
      items: [expect.objectContaining({ onProgram: 5000 })],
    });
    await inv.api(p.T).edit(`/api/pull-tickets/${taken.id}`, { status: 'cancelled' }).expect(200);
    await p.release(second).expect(201);
  });
});

describe('taking a cancelled ticket back', () => {
  it('is held to the rules as a new release, and keeps the override it goes through under', async () => {
    const p = await program({ minReleaseQuantity: 2500, expiresOn: NEXT_YEAR });
    const id = await p.order(3000);
    const ticket = (await p.release(id, { ...flyers(300), ...override('Sample run') }).expect(201)).body;
    // Cancelling and other edits release nothing new: no rule is asked about.
    await inv.api(p.T).edit(`/api/pull-tickets/${ticket.id}`, { notes: 'On hold' }).expect(200);
    await inv.api(p.T).edit(`/api/pull-tickets/${ticket.id}`, { status: 'cancelled' }).expect(200);

    const refused = await inv.api(p.T).edit(`/api/pull-tickets/${ticket.id}`, { status: 'pending' }).expect(409);
    expect(refused.body).toMatchObject({ code: PROGRAM_RULE, details: { rule: 'minimumRelease', quantity: 300 } });
    expect((await inv.api(p.T).get(`/api/pull-tickets/${ticket.id}`).expect(200)).body.status).toBe('cancelled');

    const back = await inv
      .api(p.T)
      .edit(`/api/pull-tickets/${ticket.id}`, { status: 'pending', ...override('Customer still wants the samples') })
      .expect(200);
    expect(back.body).toMatchObject({ status: 'pending', programOverride: { reason: 'Customer still wants the samples' } });
    const [edited] = await changesOf(p.T, `/api/pull-tickets/${ticket.id}`);
    expect(edited!.action).toBe('Edited');
    expect(edited!.changes).toContainEqual({ field: 'Override reason', before: 'Sample run', after: 'Customer still wants the samples' });
  });
});

describe('which programs hold releases to rules', () => {
  it("not a PO reading the product's defaults, which agree nothing with the vendor; a PO reading its vendor's defaults, yes", async () => {
    const p = await program(null);
    // PO-9001-BL's default term ended 12 months after 2024-06-01, and it has no minimum.
    const id = await p.order(3000);
    expect((await p.release(id, flyers(300)).expect(201)).body).toMatchObject({ releaseCharge: '0.00', programOverride: null });
    await inv
      .api(p.T)
      .edit(`/api/vendors/${encodeURIComponent('Pinnacle Press')}/program-defaults`, { minReleaseQuantity: 2500, releaseCharge: 30 })
      .expect(200);
    const res = await p.release(id, flyers(300)).expect(409);
    expect(res.body.details.breaches.map((breach: { rule: string }) => breach.rule)).toEqual(['expired', 'minimumRelease']);
  });
});
