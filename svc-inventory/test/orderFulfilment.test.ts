import type { SalesOrderChanged } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, startInventory, type TestInventory } from './support/service.js';

const T = 't-so-fulfilled';
let inv: TestInventory;
let documents: DocumentsPeer;

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

const listed = async (soNumber: string) => (await inv.api(T).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
const history = async (id: number) => (await inv.api(T).get(`/api/sales-orders/${id}/history`).expect(200)).body as { action: string }[];

describe('an order whose tickets shipped', () => {
  it('is completed in the list, its view and its event once its ticket ships, with a history entry', async () => {
    const orderId = await acceptedOrder(inv, T, 'f1', 'EST-F1-BL');
    const ticket = (await inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`).expect(201)).body;
    expect((await listed('EST-F1-BL')).status).toBe('processing');

    await inv.api(T).post(`/api/pull-tickets/${ticket.id}/ship`, { sendEmail: false }).expect(200);

    expect((await listed('EST-F1-BL')).status).toBe('completed');
    expect((await inv.api(T).get(`/api/sales-orders/${orderId}`).expect(200)).body.status).toBe('completed');
    const events = (await committedEvents<SalesOrderChanged>(inv, T, 'inventory.sales-order.changed')).filter((data) => data.salesOrderId === orderId);
    expect(events.at(-1)?.status).toBe('completed');
    expect((await history(orderId)).map((entry) => entry.action)).toContain('Fulfilled');
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});
