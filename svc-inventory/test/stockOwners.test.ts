import { PurchaseOrderStockOwnersSchema, type PurchaseOrderStockOwner } from '@printpool/contracts';
import { customerIdOf, seedCatalog, seedSecondCustomer } from './support/pullTicketFixtures.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// Whose stock an item of a bulk PO is, and the broker's word on it (docs/product.md §12): the
// QuickBooks line's customer, else the broker's assignment, else the only customer drawing on it.
const T = 't-stock-owners';
let inv: TestInventory;

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
  await seedSecondCustomer(inv, T);
  await inv.deliver(
    poEvent(T, [
      // Flyers bought for Acme in QuickBooks; cards nobody named; envelopes on a standard PO.
      // The oldest bulk PO, so the orders below draw on it first.
      purchaseOrder('p1', 'PO-9001-BL', [{ ...line('1', 'flyer', 1_000, 0.1), customerQbId: 'c1' }, line('2', 'card', 500, 0.3)], { txnDate: '2020-01-10' }),
      purchaseOrder('p2', 'PO-9002', [line('1', 'card', 10, 0.3)]),
    ]),
  );
});
afterAll(() => inv.close());

const poId = async (poNumber: string): Promise<number> => (await inv.api(T).get(`/api/purchase-orders?search=${poNumber}`).expect(200)).body[0].id;
const customerId = (name: string): Promise<number> => customerIdOf(inv, T, name);
const ownersOf = async (id: number) => PurchaseOrderStockOwnersSchema.parse((await inv.api(T).get(`/api/purchase-orders/${id}/stock-owners`).expect(200)).body);
const ownerOfItem = async (id: number, itemId: string): Promise<PurchaseOrderStockOwner> => (await ownersOf(id)).items.find((item) => item.itemId === itemId)!;
const assign = (id: number, itemId: string, customer: number | null, version: string) =>
  inv.api(T).put(`/api/purchase-orders/${id}/stock-owners/${itemId}`, { customerId: customer }).set('If-Match', `"${version}"`);
const stockItems = async (name: string): Promise<string[]> =>
  (
    (
      await inv
        .api(T)
        .get(`/api/customers/${await customerId(name)}/inventory`)
        .expect(200)
    ).body.items as { itemId: string }[]
  ).map((item) => item.itemId);

describe("whose stock a bulk PO's items are", () => {
  it('reads the QuickBooks line’s customer, and shared stock as no one’s', async () => {
    const owners = await ownersOf(await poId('PO-9001-BL'));
    expect(owners.items.map(({ itemId, owner, decidedBy }) => ({ itemId, owner: owner?.customerName ?? null, decidedBy }))).toEqual([
      { itemId: 'flyer', owner: 'Acme Marketing', decidedBy: 'quickbooks' },
      { itemId: 'card', owner: null, decidedBy: 'shared' },
    ]);
  });

  it('gives shared stock to the customer the broker names, in their stock and the PO’s history, and takes it back', async () => {
    const id = await poId('PO-9001-BL');
    const beacon = await customerId('Beacon Dental');
    expect(await stockItems('Beacon Dental')).not.toContain('card');

    const card = await ownerOfItem(id, 'card');
    const saved = (await assign(id, 'card', beacon, card.version).expect(200)).body as PurchaseOrderStockOwner;
    expect(saved).toMatchObject({
      owner: { customerId: beacon, customerName: 'Beacon Dental' },
      decidedBy: 'broker',
      assigned: { customerName: 'Beacon Dental' },
    });
    expect(await stockItems('Beacon Dental')).toContain('card');

    const history = (await inv.api(T).get(`/api/purchase-orders/${id}/history`).expect(200)).body as { action: string }[];
    expect(history[0]).toMatchObject({ action: 'Stock owner changed', changes: [{ field: 'Stock of Item card', before: null, after: 'Beacon Dental' }] });

    // A save based on the version read before the assignment is refused, and changes nothing.
    const stale = await assign(id, 'card', null, card.version).expect(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect((await ownerOfItem(id, 'card')).owner?.customerName).toBe('Beacon Dental');

    await assign(id, 'card', null, saved.version).expect(200);
    expect(await ownerOfItem(id, 'card')).toMatchObject({ owner: null, decidedBy: 'shared', assigned: null });
    expect(await stockItems('Beacon Dental')).not.toContain('card');
  });

  it('wins over the orders that drew on the stock', async () => {
    const id = await poId('PO-9001-BL');
    await inv.deliver(
      estimateEvent(T, [
        estimate('s1', 'EST-S1-BL', [line('1', 'card', 50, 0.5)], { customerQbId: 'c1', customerName: 'Acme Marketing', txnStatus: 'Accepted' }),
      ]),
    );
    expect(await ownerOfItem(id, 'card')).toMatchObject({ owner: { customerName: 'Acme Marketing' }, decidedBy: 'orders' });
    const card = await ownerOfItem(id, 'card');
    await assign(id, 'card', await customerId('Beacon Dental'), card.version).expect(200);
    expect(await ownerOfItem(id, 'card')).toMatchObject({ owner: { customerName: 'Beacon Dental' }, decidedBy: 'broker' });
    expect(await stockItems('Acme Marketing')).not.toContain('card');
  });

  it('refuses what QuickBooks decides, a customer of no company record, and a standard PO', async () => {
    const id = await poId('PO-9001-BL');
    const flyer = await ownerOfItem(id, 'flyer');
    const refused = await assign(id, 'flyer', await customerId('Beacon Dental'), flyer.version).expect(422);
    expect(refused.body.details).toEqual({ field: 'customerId' });
    expect(refused.body.message).toContain('change the customer on the PO in QuickBooks');
    expect((await assign(id, 'card', 999_999, (await ownerOfItem(id, 'card')).version).expect(422)).body.details).toEqual({ field: 'customerId' });
    expect(
      (await inv.api(T).put(`/api/purchase-orders/${id}/stock-owners/card`, { customerId: 'Beacon' }).set('If-Match', '"x"').expect(400)).body.message,
    ).toContain('Customer must be a customer of the company');
    await inv
      .api(T)
      .get(`/api/purchase-orders/${await poId('PO-9002')}/stock-owners`)
      .expect(422);
    await inv.api(T).put(`/api/purchase-orders/${id}/stock-owners/no-such-item`, { customerId: null }).set('If-Match', '"x"').expect(404);
  });

  it('lets a viewer read and not assign', async () => {
    const id = await poId('PO-9001-BL');
    await inv.api(T, undefined, 'viewer').get(`/api/purchase-orders/${id}/stock-owners`).expect(200);
    await inv.api(T, undefined, 'viewer').put(`/api/purchase-orders/${id}/stock-owners/card`, { customerId: null }).set('If-Match', '"x"').expect(403);
  });
});
