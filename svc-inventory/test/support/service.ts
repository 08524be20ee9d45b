import { randomUUID } from 'node:crypto';
import { createEvent, type AccountingEstimate, type AccountingLine, type AccountingPurchaseOrder, type MemberRole } from '@printpool/contracts';
import {
  createLogger,
  INTERNAL_TOKEN_HEADER,
  publishedEnvelope,
  signInternalToken,
  type Database,
  type EventBus,
  type EventEnvelope,
  type ServiceInstance,
} from '@printpool/service-kit';
import {
  contractCheckedBus,
  createTestBus,
  createTestDatabase,
  expectEventKeepsContract,
  expectRecordedEventsKeepContracts,
  type TestDatabaseKind,
} from '@printpool/service-kit/testing';
import request from 'supertest';
import { inventoryService } from '../../src/index.js';
import { consumerHandler, CONSUMERS } from '../../src/events/consumers.js';

export const SECRET = 'inventory-test-internal-secret-0123456789';
const logger = createLogger('inventory-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export interface TestInventory {
  db: Database;
  bus: EventBus;
  instance: ServiceInstance;
  /** Inventory events the service published, in order. */
  published: EventEnvelope[];
  /** Applies an event through the consumer that subscribes to its type, as a delivery would; only an event a producer could send (libs/contracts). */
  deliver(event: EventEnvelope): Promise<void>;
  /**
   * Calls as the gateway does for a member of `tenantId` (an owner unless `role` says otherwise),
   * or as `callingService` when named (internal routes need that).
   */
  api(tenantId: string, callingService?: string, role?: MemberRole): ReturnType<typeof api>;
  close(): Promise<void>;
}

type Callback = ReturnType<ServiceInstance['app']['callback']>;

/**
 * The service's handler behind a stand-in for the gateway: each request arrives carrying a token
 * `token` has just signed, as the gateway sets it, while the test builds and chains its request at once.
 */
export function behindGateway(callback: Callback, token: () => Promise<string>): Callback {
  return (req, res) =>
    token().then(
      (signed) => {
        req.headers[INTERNAL_TOKEN_HEADER] = signed;
        return callback(req, res);
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
}

function api(callback: Callback, tenantId: string, service?: string, role: MemberRole = 'owner') {
  const signed = behindGateway(callback, () => signInternalToken({ tenantId, userId: `user-of-${tenantId}`, role }, SECRET, { service }));
  return {
    get: (path: string) => request(signed).get(path),
    put: (path: string, body: object) => request(signed).put(path).send(body),
    /** A save as the edit form makes it: the record read (its version), then written with that version in If-Match. */
    edit: (path: string, body: object) => ({
      async expect(status: number) {
        const read = await request(signed).get(path);
        const version = (read.body as { version?: string }).version ?? 'unread';
        return request(signed).put(path).set('If-Match', `"${version}"`).send(body).expect(status);
      },
    }),
    post: (path: string, body: object = {}) => request(signed).post(path).send(body),
    /** A purchase order's status set from the page: the order read (its version), then its status posted with that version. */
    setStatus: (path: string, body: object) => ({
      async expect(status: number) {
        const read = await request(signed).get(path);
        const version = (read.body as { version?: string }).version ?? 'unread';
        return request(signed).post(`${path}/status`).set('If-Match', `"${version}"`).send(body).expect(status);
      },
    }),
    delete: (path: string) => request(signed).delete(path),
  };
}

/**
 * The inventory service on its own database and bus, started as a launcher starts it; `env` carries
 * peers' URLs (DOCUMENTS_URL); `database` picks the kind where the run can reach both.
 */
export async function startInventory(env: NodeJS.ProcessEnv = {}, database?: TestDatabaseKind): Promise<TestInventory> {
  const db = await createTestDatabase(inventoryService.migrations, database);
  const bus = await createTestBus();
  const published: EventEnvelope[] = [];
  const stopWatching = await watchPublished(db, bus, published);
  const instance = await inventoryService.create({ db, bus: process.env.NATS_URL ? onlyEventsFromNow(bus) : bus, logger, internalTokenSecret: SECRET, env });
  await instance.start?.();
  const callback = instance.app.callback();
  const handlers = new Map<string, (event: EventEnvelope) => Promise<void>>();
  for (const { consumer, subjects } of CONSUMERS) {
    const handler = consumerHandler(db, consumer, () => undefined);
    for (const subject of subjects) handlers.set(subject, handler);
  }
  return {
    db,
    // What a test publishes is held to the event contracts, as deliver() holds what it hands over.
    bus: contractCheckedBus(bus),
    instance,
    published,
    deliver: (event) => {
      expectEventKeepsContract(event);
      return handlers.get(event.type)!(event);
    },
    api: (tenantId, callingService, role) => api(callback, tenantId, callingService, role),
    async close() {
      await stopWatching();
      await instance.stop?.();
      await bus.close();
      // Every event the suite's flows caused is one its consumers can read (libs/contracts).
      try {
        await expectRecordedEventsKeepContracts(db);
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * Another process of the service on `inv`'s database, with a bus connection of its own and `env`:
 * a second replica, or the service started again after a stop (nothing kept in memory carries over).
 */
export async function startReplica(inv: TestInventory, env: NodeJS.ProcessEnv = {}): Promise<{ stop(): Promise<void> }> {
  // Without a NATS server the in-process bus is the one server the replicas share, so `published` sees what each sends.
  const bus = process.env.NATS_URL ? await createTestBus() : undefined;
  const instance = await inventoryService.create({ db: inv.db, bus: bus ? onlyEventsFromNow(bus) : inv.bus, logger, internalTokenSecret: SECRET, env });
  await instance.start?.();
  return {
    async stop() {
      await instance.stop?.();
      await bus?.close();
    },
  };
}

/**
 * The bus as the service under test sees it on a shared JetStream server: its durables are
 * replayed every earlier run's events first (other tenants' catalogs by the megabyte), which
 * would keep the service busy importing them past a suite's time. Those are skipped; every
 * event a test sends occurs after the service started.
 */
function onlyEventsFromNow(bus: EventBus): EventBus {
  const startedAt = new Date().toISOString();
  return {
    ...bus,
    subscribe: (options) => bus.subscribe({ ...options, handler: (event) => (event.occurredAt >= startedAt ? options.handler(event) : Promise.resolve()) }),
  };
}

/**
 * Collects the inventory events the service publishes. On the in-process bus, by subscribing.
 * On a shared JetStream server a new durable is first replayed the stream's whole history
 * (every earlier run's events), which takes longer than a suite may; there the relay's own
 * record is read instead: outbox rows it has stamped published, polled.
 */
async function watchPublished(db: Database, bus: EventBus, published: EventEnvelope[]): Promise<() => Promise<void>> {
  if (!process.env.NATS_URL) {
    await bus.subscribe({ consumer: `inventory-test-${randomUUID()}`, subjects: ['inventory.>'], handler: async (event) => void published.push(event) });
    return async () => undefined;
  }
  let lastSeq = 0;
  let polling: Promise<void> = Promise.resolve();
  const poll = async () => {
    const rows: { seq: string | number; id: string; type: string; tenant_id: string; occurred_at: Date; version: number; data: string }[] = await db
      .knex('outbox')
      .whereNotNull('published_at')
      .where('seq', '>', lastSeq)
      .orderBy('seq')
      .select('seq', 'id', 'type', 'tenant_id', 'occurred_at', 'version', 'data');
    for (const row of rows) {
      lastSeq = Number(row.seq);
      published.push(publishedEnvelope(row, { value: JSON.parse(row.data) as unknown, json: row.data }));
    }
  };
  const timer = setInterval(() => {
    polling = polling.then(poll).catch(() => undefined);
  }, 100);
  return async () => {
    clearInterval(timer);
    await polling;
  };
}

let clock = Date.parse('2025-03-01T00:00:00Z');
/** Strictly increasing QuickBooks LastUpdatedTime values. */
export const qbTime = () => new Date((clock += 1000)).toISOString();

export function line(lineId: string, itemQbId: string, qty: number, unitPrice = 1): AccountingLine {
  return { lineId, itemQbId, itemName: `Item ${itemQbId}`, description: null, qty, unitPrice, amount: qty * unitPrice };
}

export function purchaseOrder(qbId: string, docNumber: string, lines: AccountingLine[], extra: Partial<AccountingPurchaseOrder> = {}): AccountingPurchaseOrder {
  return {
    qbId,
    docNumber,
    vendorQbId: 'v1',
    vendorName: 'Pinnacle Press',
    vendorEmail: 'orders@pinnacle.test',
    status: 'open',
    txnDate: '2025-01-10',
    totalAmount: lines.reduce((sum, l) => sum + l.amount, 0),
    shipAddress: null,
    memo: null,
    lines,
    syncToken: '0',
    qbUpdatedAt: qbTime(),
    ...extra,
  };
}

export function estimate(qbId: string, docNumber: string, lines: AccountingLine[], extra: Partial<AccountingEstimate> = {}): AccountingEstimate {
  return {
    qbId,
    docNumber,
    customerQbId: 'c1',
    customerName: 'Acme Marketing',
    customerEmail: 'buyer@acme.test',
    txnStatus: 'Pending',
    txnDate: '2025-02-01',
    expirationDate: null,
    totalAmount: lines.reduce((sum, l) => sum + l.amount, 0),
    shipAddress: null,
    billAddress: null,
    memo: null,
    lines,
    syncToken: '0',
    qbUpdatedAt: qbTime(),
    ...extra,
  };
}

export const poEvent = (tenantId: string, purchaseOrders: AccountingPurchaseOrder[]) =>
  createEvent('accounting.purchase-order.upserted', tenantId, { realmId: 'realm', purchaseOrders });
export const estimateEvent = (tenantId: string, estimates: AccountingEstimate[]) =>
  createEvent('accounting.estimate.upserted', tenantId, { realmId: 'realm', estimates });
export const deletedEvent = (tenantId: string, entity: string, qbIds: string[]) =>
  createEvent(`accounting.${entity}.deleted`, tenantId, { realmId: 'realm', qbIds });
export const settingsEvent = (tenantId: string, bulkPoSuffix: string, bulkEstimateSuffix: string) =>
  createEvent('identity.settings.updated', tenantId, { bulkPoSuffix, bulkEstimateSuffix, faxNumber: '' });

/**
 * The events of `type` the service committed for `tenantId` (its outbox, in publication
 * order). Read here rather than off the bus: a new subscriber on a shared JetStream server is
 * first replayed every earlier run's events, which can take longer than a test may wait.
 */
export async function committedEvents<T>(inv: TestInventory, tenantId: string, type: string): Promise<T[]> {
  const rows: { data: string }[] = await inv.db.knex('outbox').where({ tenant_id: tenantId, type }).orderBy('seq').select('data');
  return rows.map((row) => JSON.parse(row.data) as T);
}
