import { createEvent } from '@printpool/contracts';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, qbTime, type TestInventory } from './service.js';

const address = (line1: string, city: string) => ({ line1, line2: null, city, region: 'TX', postalCode: '78701', country: 'US' });

/** The id PrintPool gave the tenant's customer of that name (the first a search for it finds). */
export async function customerIdOf(inv: TestInventory, tenantId: string, name: string): Promise<number> {
  return (
    await inv
      .api(tenantId)
      .get(`/api/customers?search=${encodeURIComponent(name)}`)
      .expect(200)
  ).body[0].id;
}

/** A second customer of the tenant, c2 'Beacon Dental', without addresses: one whose stock is told apart from Acme's. */
export async function seedSecondCustomer(inv: TestInventory, tenantId: string): Promise<void> {
  await inv.deliver(
    createEvent('accounting.customer.upserted', tenantId, {
      realmId: 'r',
      customers: [
        {
          qbId: 'c2',
          displayName: 'Beacon Dental',
          companyName: null,
          email: 'office@beacon.test',
          phone: null,
          billAddress: null,
          shipAddress: null,
          active: true,
          qbUpdatedAt: qbTime(),
        },
      ],
    }),
  );
}

/** The tenant's QuickBooks catalog: customer c1 (billing and shipping addresses), vendor v1, items flyer and card. */
export async function seedCatalog(inv: TestInventory, tenantId: string): Promise<void> {
  await inv.deliver(
    createEvent('accounting.customer.upserted', tenantId, {
      realmId: 'r',
      customers: [
        {
          qbId: 'c1',
          displayName: 'Acme Marketing',
          companyName: null,
          email: 'office@acme.test',
          phone: '(512) 555-0100',
          billAddress: address('1 Main St', 'Austin'),
          shipAddress: address('9 Dock Rd', 'Round Rock'),
          active: true,
          qbUpdatedAt: qbTime(),
        },
      ],
    }),
  );
  await inv.deliver(
    createEvent('accounting.vendor.upserted', tenantId, {
      realmId: 'r',
      vendors: [
        {
          qbId: 'v1',
          displayName: 'Pinnacle Press Inc.',
          companyName: 'Pinnacle Press',
          email: 'fulfil@pinnacle.test',
          phone: '(512) 555-0199',
          fax: null,
          address: { line1: '50 Press Ave', line2: null, city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' },
          active: true,
          qbUpdatedAt: qbTime(),
        },
      ],
    }),
  );
  await inv.deliver(
    createEvent('accounting.item.upserted', tenantId, {
      realmId: 'r',
      items: [
        {
          qbId: 'flyer',
          name: 'Flyer A5',
          sku: 'FLY-A5',
          description: 'A5 flyer, 170gsm gloss',
          unitPrice: 0.2,
          type: 'Inventory',
          active: true,
          qbUpdatedAt: qbTime(),
        },
        {
          qbId: 'card',
          name: 'Business card',
          sku: 'BC-350',
          description: '350gsm matte',
          unitPrice: 0.5,
          type: 'Inventory',
          active: true,
          qbUpdatedAt: qbTime(),
        },
      ],
    }),
  );
  await inv.deliver(poEvent(tenantId, [purchaseOrder('po1', 'PO-7001-BL', [line('1', 'flyer', 100_000, 0.1), line('2', 'card', 50_000, 0.3)])]));
}

/** An estimate the customer accepted (a 'processing' order drawn from PO-7001-BL); answers the sales order id. */
export async function acceptedOrder(
  inv: TestInventory,
  tenantId: string,
  qbId: string,
  docNumber: string,
  txnStatus: 'Accepted' | 'Pending' = 'Accepted',
): Promise<number> {
  await inv.deliver(
    estimateEvent(tenantId, [
      estimate(qbId, docNumber, [line('1', 'flyer', 500, 0.2), line('2', 'card', 250, 0.5)], {
        txnStatus,
        shipAddress: address('200 Event Center Blvd', 'Austin'),
        billAddress: address('1 Main St', 'Austin'),
        memo: 'Deliver to loading dock B',
      }),
    ]),
  );
  const res = await inv.api(tenantId).get(`/api/sales-orders?search=${encodeURIComponent(docNumber)}`);
  return res.body[0].id as number;
}

let orderNo = 0;

/** A fresh pending ticket on a new accepted order of the tenant. */
export async function pendingTicket(inv: TestInventory, tenantId: string): Promise<{ id: number; ptNumber: string; updatedAt: string }> {
  orderNo += 1;
  const orderId = await acceptedOrder(inv, tenantId, `w${orderNo}`, `EST-W${orderNo}-BL`);
  return (await inv.api(tenantId).post(`/api/sales-orders/${orderId}/create-pull-ticket`).expect(201)).body;
}
