import { createEvent, INVENTORY_EVENTS, type ProgramChanged } from '@printpool/contracts';
import { itOnPostgres } from '@printpool/service-kit/testing';
import { committedEvents, line, poEvent, purchaseOrder, qbTime, startInventory, type TestInventory } from './support/service.js';

// Program terms of bulk purchase orders and their vendors' defaults (docs/product.md §11).
const T = 't-programs';
let inv: TestInventory;
let poIds: Record<string, number>;

const programOf = (poNumber: string) => `/api/purchase-orders/${poIds[poNumber]}/program`;
const defaultsOf = (vendorName: string) => `/api/vendors/${encodeURIComponent(vendorName)}/program-defaults`;
const programEvents = () => committedEvents<ProgramChanged>(inv, T, INVENTORY_EVENTS.programChanged);

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 5000)], { txnDate: '2025-01-10', vendorName: 'Pinnacle Press' }),
      purchaseOrder('2', 'PO-2-BL', [line('1', 'flyer', 2000)], { txnDate: '2024-02-29', vendorName: 'Pinnacle Press' }),
      purchaseOrder('3', 'PO-3-BL', [line('1', 'card', 900)], { txnDate: '2025-03-01', vendorName: 'Acme & Sons, Print' }),
      purchaseOrder('4', 'PO-4', [line('1', 'card', 10)], { vendorName: 'Pinnacle Press' }),
    ]),
  );
  const vendor = (qbId: string, displayName: string) => ({
    qbId,
    displayName,
    companyName: null,
    email: null,
    phone: null,
    fax: null,
    address: null,
    active: true,
    qbUpdatedAt: qbTime(),
  });
  await inv.deliver(
    createEvent('accounting.vendor.upserted', T, {
      realmId: 'r',
      vendors: [vendor('v1', 'Pinnacle Press'), vendor('v2', 'Acme & Sons, Print'), vendor('v3', 'Old Mill Paper')],
    }),
  );
  poIds = Object.fromEntries(
    (await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; id: number }) => [po.poNumber, po.id]),
  );
});
afterAll(() => inv.close());

describe('program terms', () => {
  it("read the product's defaults while neither the PO nor its vendor has terms, ending 12 months after the PO's date", async () => {
    const res = await inv.api(T).get(programOf('PO-1-BL')).expect(200);
    expect(res.body).toEqual({
      purchaseOrderId: poIds['PO-1-BL'],
      poNumber: 'PO-1-BL',
      vendorName: 'Pinnacle Press',
      minReleaseQuantity: null,
      releaseCharge: '0.00',
      freeStorageDays: null,
      storageChargePerMonth: null,
      storageChargeBasis: 'flat',
      expiresOn: '2026-01-10',
      tolerancePercent: 10,
      plannedReleases: null,
      notes: null,
      source: 'defaults',
      version: expect.any(String),
    });
    expect(res.headers.etag).toBe(`"${res.body.version}"`);
    // A PO dated on a leap day runs to the last day of February.
    expect((await inv.api(T).get(programOf('PO-2-BL')).expect(200)).body.expiresOn).toBe('2025-02-28');
  });

  it('has none for a standard PO, and says why', async () => {
    const res = await inv.api(T).get(programOf('PO-4')).expect(422);
    expect(res.body).toEqual({ message: 'Only bulk purchase orders have a program: PO-4 is a standard purchase order', code: 'UNPROCESSABLE' });
    await inv.api(T).edit(programOf('PO-4'), { releaseCharge: 25 }).expect(422);
  });

  it("read the vendor's defaults once saved, in every bulk PO of the vendor without terms of its own, and announce each", async () => {
    const before = (await programEvents()).length;
    const saved = await inv
      .api(T)
      .edit(defaultsOf('Pinnacle Press'), {
        releaseCharge: '35',
        freeStorageDays: 90,
        storageChargePerMonth: 1.5,
        storageChargeBasis: 'per1000',
        termMonths: 18,
      })
      .expect(200);
    expect(saved.body).toEqual({
      vendorName: 'Pinnacle Press',
      minReleaseQuantity: null,
      releaseCharge: '35.00',
      freeStorageDays: 90,
      storageChargePerMonth: '1.50',
      storageChargeBasis: 'per1000',
      tolerancePercent: 10,
      termMonths: 18,
      leadTimeDays: 30,
      notes: null,
      source: 'vendor-defaults',
      version: expect.any(String),
    });
    expect(saved.headers.etag).toBe(`"${saved.body.version}"`);

    const program = (await inv.api(T).get(programOf('PO-1-BL')).expect(200)).body;
    expect(program).toMatchObject({ source: 'vendor-defaults', releaseCharge: '35.00', storageChargeBasis: 'per1000', expiresOn: '2026-07-10' });
    const announced = (await programEvents()).slice(before);
    expect(announced.map((event) => event.poNumber).sort()).toEqual(['PO-1-BL', 'PO-2-BL']);
    expect(announced.find((event) => event.poNumber === 'PO-1-BL')).toEqual({ ...program, version: undefined });
  });

  it("win over the vendor's defaults once the PO has its own, whole; a field left out keeps what the PO read", async () => {
    const saved = await inv
      .api(T)
      .edit(programOf('PO-1-BL'), {
        minReleaseQuantity: 2.5,
        releaseCharge: 20,
        expiresOn: '2026-12-31',
        plannedReleases: 4,
        notes: '  Call the plant first  ',
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      source: 'purchase-order',
      minReleaseQuantity: 2.5,
      releaseCharge: '20.00',
      expiresOn: '2026-12-31',
      plannedReleases: 4,
      notes: 'Call the plant first',
      // Read from the vendor's defaults when the PO was saved.
      freeStorageDays: 90,
      storageChargePerMonth: '1.50',
      storageChargeBasis: 'per1000',
    });
    const [event] = (await programEvents()).slice(-1);
    expect(event).toMatchObject({ purchaseOrderId: poIds['PO-1-BL'], source: 'purchase-order', releaseCharge: '20.00', notes: 'Call the plant first' });

    const before = (await programEvents()).length;
    await inv.api(T).edit(defaultsOf('Pinnacle Press'), { releaseCharge: 50, tolerancePercent: 5 }).expect(200);
    expect((await inv.api(T).get(programOf('PO-1-BL')).expect(200)).body).toEqual(saved.body);
    expect((await inv.api(T).get(programOf('PO-2-BL')).expect(200)).body).toMatchObject({
      source: 'vendor-defaults',
      releaseCharge: '50.00',
      tolerancePercent: 5,
    });
    // Only the PO that reads the defaults changed.
    expect((await programEvents()).slice(before).map((e) => e.poNumber)).toEqual(['PO-2-BL']);
  });

  it('are PrintPool’s own: a save changes no purchase order, so nothing is sent towards QuickBooks', async () => {
    const po = (await inv.api(T).get(`/api/purchase-orders/${poIds['PO-2-BL']}`).expect(200)).body;
    const seq = (await inv.db.knex('outbox').max({ seq: 'seq' }).first())!.seq;
    await inv.api(T).edit(programOf('PO-2-BL'), { notes: 'Rush releases only' }).expect(200);
    const recorded: string[] = await inv.db.knex('outbox').where('seq', '>', seq).pluck('type');
    expect(recorded).toEqual([INVENTORY_EVENTS.programChanged]);
    expect((await inv.api(T).get(`/api/purchase-orders/${poIds['PO-2-BL']}`).expect(200)).body).toEqual(po);
  });

  it('refuse each bad field with 400 naming it, and store nothing', async () => {
    const before = (await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body;
    for (const [body, field] of [
      [{ releaseCharge: 0.125 }, 'releaseCharge'],
      [{ releaseCharge: -5 }, 'releaseCharge'],
      [{ minReleaseQuantity: 'lots' }, 'minReleaseQuantity'],
      [{ freeStorageDays: 1.5 }, 'freeStorageDays'],
      [{ storageChargePerMonth: '' }, 'storageChargePerMonth'],
      [{ storageChargeBasis: 'monthly' }, 'storageChargeBasis'],
      [{ expiresOn: '2026-13-01' }, 'expiresOn'],
      [{ tolerancePercent: 150 }, 'tolerancePercent'],
      [{ plannedReleases: 0 }, 'plannedReleases'],
      [{ notes: 'n'.repeat(2001) }, 'notes'],
    ] as const) {
      const res = await inv.api(T).edit(programOf('PO-3-BL'), body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(new RegExp(`^${field}: `)) });
      expect(res.body.details.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
    }
    const twoBad = await inv.api(T).edit(programOf('PO-3-BL'), { tolerancePercent: -1, notes: 7 }).expect(400);
    expect(twoBad.body.details.issues.map((issue: { field: string }) => issue.field)).toEqual(['tolerancePercent', 'notes']);
    await inv.api(T).edit(defaultsOf('Acme & Sons, Print'), { termMonths: 0 }).expect(400);
    expect((await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body).toEqual(before);
  });

  it('refuse a save based on a version someone changed meanwhile with 409, the terms as they now are and each difference', async () => {
    const read = (await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body;
    await inv.api(T).edit(programOf('PO-3-BL'), { releaseCharge: 15, tolerancePercent: 8 }).expect(200);
    const stale = await inv
      .api(T)
      .put(programOf('PO-3-BL'), { releaseCharge: 12, tolerancePercent: 8, notes: 'Mine' })
      .set('If-Match', `"${read.version}"`)
      .expect(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: "Someone changed this purchase order's program since you opened it: Release charge, Notes",
      details: {
        current: { source: 'purchase-order', releaseCharge: '15.00', tolerancePercent: 8, notes: null },
        differences: [
          { field: 'Release charge', path: ['releaseCharge'], current: '15.00', proposed: '12.00' },
          { field: 'Notes', path: ['notes'], current: null, proposed: 'Mine' },
        ],
      },
    });
    expect((await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body.releaseCharge).toBe('15.00');
    const unversioned = await inv.api(T).put(programOf('PO-3-BL'), { releaseCharge: 12 }).expect(400);
    expect(unversioned.body.message).toMatch(/^If-Match: /);

    const defaults = (await inv.api(T).get(defaultsOf('Acme & Sons, Print')).expect(200)).body;
    await inv.api(T).edit(defaultsOf('Acme & Sons, Print'), { notes: 'Theirs' }).expect(200);
    const staleDefaults = await inv.api(T).put(defaultsOf('Acme & Sons, Print'), { notes: 'Mine' }).set('If-Match', `"${defaults.version}"`).expect(409);
    expect(staleDefaults.body.message).toBe("Someone changed this vendor's program defaults since you opened it: Notes");
  });

  itOnPostgres('take two saves on one version in turn: the first is kept, the second refused with 409', async () => {
    const read = (await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body;
    const save = (notes: string) => inv.api(T).put(programOf('PO-3-BL'), { notes }).set('If-Match', `"${read.version}"`);
    const answers = await Promise.all([save('First'), save('Second')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.status === 200)!.body.notes;
    expect((await inv.api(T).get(programOf('PO-3-BL')).expect(200)).body.notes).toBe(kept);
  });

  it('let a viewer read and refuse a viewer a save with 403', async () => {
    const viewer = inv.api(T, undefined, 'viewer');
    const program = (await viewer.get(programOf('PO-3-BL')).expect(200)).body;
    const defaults = (await viewer.get(defaultsOf('Pinnacle Press')).expect(200)).body;
    const refused = await viewer.put(programOf('PO-3-BL'), { releaseCharge: 1 }).set('If-Match', `"${program.version}"`).expect(403);
    expect(refused.body.message).toBe('Viewers can only look; changing anything needs the staff or owner role');
    await viewer.put(defaultsOf('Pinnacle Press'), { releaseCharge: 1 }).set('If-Match', `"${defaults.version}"`).expect(403);
    await inv.api(T, undefined, 'staff').edit(programOf('PO-3-BL'), { releaseCharge: 1 }).expect(200);
  });

  it("are offered in Settings for the vendors the company's purchase orders name, each of which has defaults to read", async () => {
    const offered = async (query: string) => ((await inv.api(T).get(`/api/vendors${query}`).expect(200)).body as { name: string }[]).map((v) => v.name);
    expect(await offered('')).toEqual(['Acme & Sons, Print', 'Old Mill Paper', 'Pinnacle Press']);
    expect(await offered('?withPurchaseOrders=true')).toEqual(['Acme & Sons, Print', 'Pinnacle Press']);
    expect(await offered('?withPurchaseOrders=true&search=pinn')).toEqual(['Pinnacle Press']);
    for (const name of await offered('?withPurchaseOrders=true')) await inv.api(T).get(defaultsOf(name)).expect(200);
    await inv.api(T).get(defaultsOf('Old Mill Paper')).expect(404);
    expect(await inv.api('t-programs-other').get('/api/vendors?withPurchaseOrders=true').expect(200)).toMatchObject({ body: [] });
  });

  it("answer another company 404 for the company's POs and vendors, and a vendor no PO names 404", async () => {
    const outsider = inv.api('t-programs-other');
    await outsider.get(programOf('PO-1-BL')).expect(404);
    await outsider.put(programOf('PO-1-BL'), { releaseCharge: 1 }).set('If-Match', '"any"').expect(404);
    await outsider.get(defaultsOf('Pinnacle Press')).expect(404);
    await outsider.put(defaultsOf('Pinnacle Press'), { releaseCharge: 1 }).set('If-Match', '"any"').expect(404);
    // Matched as the POs carry the name: not another spelling of it.
    await inv.api(T).get(defaultsOf('pinnacle press')).expect(404);
    await inv.api(T).get(defaultsOf('Pinnacle Press ')).expect(404);
    await inv.api(T).get('/api/purchase-orders/999999/program').expect(404);
  });
});
