import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import {
  outboxMigrations,
  prunePublishedEvents,
  recordEvent,
  recordEvents,
  recordEventsStep,
  recordEventsStepValues,
  startOutboxRelay,
  type OutboxRelay,
} from '../src/events/outbox.js';
import { createLogger } from '../src/logger.js';
import { createTestBus, createTestDatabase, testDatabaseKinds, waitFor } from '../src/testing/index.js';
import { itemsMigration } from './support.js';

const logger = createLogger('test', 'silent');
const run = randomBytes(4).toString('hex');
let seq = 0;

let db: Database;
let bus: EventBus;
let relay: OutboxRelay | undefined;

beforeAll(async () => {
  db = await createTestDatabase([...outboxMigrations, itemsMigration]);
});

afterAll(async () => {
  await db.close();
});

afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await bus.close();
  await db.knex('outbox').delete();
});

async function setup() {
  bus = await createTestBus();
  const subject = `inventory.t${run}${++seq}.changed`;
  const received: EventEnvelope[] = [];
  await bus.subscribe({ consumer: `c${run}-${seq}`, subjects: [subject], handler: async (e) => void received.push(e) });
  const event = (data: unknown = {}) => createEvent(subject, 'tenant-1', data);
  relay = startOutboxRelay({ db, bus, logger, intervalMs: 50, maxBackoffMs: 200 });
  return { received, event, relay };
}

/** `event` as subscribers receive it: its data with the revision the relay adds (libs/contracts events/revision.ts). */
const published = (event: EventEnvelope) => ({ ...event, data: { ...(event.data as object), revision: expect.any(Number) } });
const revisionOf = (event: EventEnvelope) => (event.data as { revision: number }).revision;
const withoutRevision = ({ revision: _revision, ...data }: { revision?: number }) => data;

describe('transactional outbox', () => {
  it('publishes an event recorded in a committed transaction, with its envelope intact', async () => {
    const { received, event, relay } = await setup();
    const recorded = event({ itemId: 'i-1', lines: [{ qty: 5 }, { qty: 7 }], note: null });
    await db.knex.transaction(async (trx) => {
      await trx('items').insert({ id: 'i-1', qty: 12 });
      await recordEvent(trx, recorded);
    });
    await relay.publishNow();
    await waitFor(() => expect(received).toEqual([published(recorded)]));
    const row = await db.knex('outbox').where({ id: recorded.id }).first();
    expect(row.published_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('publishes an event another process recorded with the data its row holds', async () => {
    const { received, event, relay } = await setup();
    const recorded = event({ itemId: 'i-2', lines: [{ qty: 3 }] });
    const { data, ...envelope } = recorded;
    await db.knex('outbox').insert({
      id: envelope.id,
      type: envelope.type,
      tenant_id: envelope.tenantId,
      occurred_at: envelope.occurredAt,
      version: envelope.version,
      data: JSON.stringify(data),
    });
    await relay.publishNow();
    await waitFor(() => expect(received).toEqual([published(recorded)]));
  });

  it('records the events a statement computes, in the order of their envelopes, and none it gives no data', async () => {
    const { received, event, relay } = await setup();
    const [first, unmoved, second] = [event(), event(), event()];
    await db.knex.transaction(async (trx) => {
      await trx('items').insert([
        { id: 'i-3', qty: 4 },
        { id: 'i-4', qty: 6 },
      ]);
      await trx.raw(
        `WITH moved AS (UPDATE items SET qty = qty * 10 WHERE id IN ('i-3', 'i-4') RETURNING id, qty),
         events AS (${recordEventsStep(`SELECT e.event_id, jsonb_build_object('itemId', moved.id, 'qty', moved.qty)
           FROM moved JOIN unnest(:items::text[], :eventIds::uuid[]) AS e(item_id, event_id) ON e.item_id = moved.id`)})
         SELECT 1`,
        { items: ['i-3', 'i-4', 'i-5'], eventIds: [second.id, first.id, unmoved.id], ...recordEventsStepValues([first, unmoved, second]) },
      );
    });
    await relay.publishNow();
    await waitFor(() =>
      expect(received).toEqual([published({ ...first, data: { itemId: 'i-4', qty: 60 } }), published({ ...second, data: { itemId: 'i-3', qty: 40 } })]),
    );
    expect(await db.knex('outbox').where({ id: unmoved.id })).toEqual([]);
  });

  it('never publishes an event recorded in a transaction that rolls back', async () => {
    const { received, event, relay } = await setup();
    const rolledBack = event({ n: 1 });
    await expect(
      db.knex.transaction(async (trx) => {
        await trx('items').insert({ id: 'i-2', qty: 1 });
        await recordEvent(trx, rolledBack);
        throw new Error('allocation would overdraw the purchase order');
      }),
    ).rejects.toThrow(/overdraw/);
    const committed = event({ n: 2 });
    await db.knex.transaction((trx) => recordEvent(trx, committed));
    await relay.publishNow();
    await waitFor(() => expect(received.map((e) => e.id)).toEqual([committed.id]));
    expect(await db.knex('items').where({ id: 'i-2' })).toEqual([]);
    expect(await db.knex('outbox').where({ id: rolledBack.id })).toEqual([]);
  });

  it('publishes in the order events were recorded, across transactions and batches', async () => {
    const { received, event } = await setup();
    const recorded: EventEnvelope[] = [];
    for (let tx = 0; tx < 5; tx++) {
      await db.knex.transaction(async (trx) => {
        for (let i = 0; i < 60; i++) {
          const e = event({ n: recorded.length });
          recorded.push(e);
          await recordEvent(trx, e);
        }
      });
    }
    await waitFor(() => expect(received.map((e) => withoutRevision(e.data as object))).toEqual(recorded.map((e) => e.data)), { timeoutMs: 10_000 });
    // Each later event has a larger revision, as later changes of one entity do.
    expect(received.map(revisionOf)).toEqual(received.map(revisionOf).sort((a, b) => a - b));
    expect(new Set(received.map(revisionOf)).size).toBe(received.length);
    // Rows are marked when the relay's batch commits, just after their events went out.
    await waitFor(async () => expect(await db.knex('outbox').whereNull('published_at').count({ n: '*' })).toEqual([{ n: 0 }]));
  });

  it("publishes one company's change before another company's earlier run of events, each company's in order", async () => {
    bus = await createTestBus();
    const subject = `inventory.t${run}${++seq}.changed`;
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: `c${run}-${seq}`, subjects: [subject], handler: async (e) => void received.push(e) });
    // An import's change events recorded for one company, more than ten batches of them, then a webhook's change for another.
    const pages = Array.from({ length: 1_500 }, (_, n) => createEvent(subject, 'importing-company', { n }));
    const change = createEvent(subject, 'changing-company', { n: 0 });
    await db.knex.transaction((trx) => recordEvents(trx, pages));
    await db.knex.transaction((trx) => recordEvent(trx, change));
    relay = startOutboxRelay({ db, bus, logger, intervalMs: 50, maxBackoffMs: 200 });
    await waitFor(() => expect(received).toHaveLength(1_501), { timeoutMs: 30_000 });
    expect(received.slice(0, 2).map((e) => e.id)).toEqual([pages[0]!.id, change.id]);
    expect(received.filter((e) => e.tenantId === 'importing-company').map((e) => e.id)).toEqual(pages.map((e) => e.id));
  });

  // On both kinds of database: their clients report a delete's rows differently.
  it.each(testDatabaseKinds())('removes the rows of events published longer ago than it keeps them, never an unpublished one (%s)', async (kind) => {
    const own = await createTestDatabase(outboxMigrations, kind);
    try {
      const [sentLongAgo, sentLately, neverSent] = [0, 1, 2].map((n) => createEvent(`inventory.t${run}.changed`, 'tenant-1', { n }));
      await own.knex.transaction((trx) => recordEvents(trx, [sentLongAgo!, sentLately!, neverSent!]));
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      await own
        .knex('outbox')
        .where({ id: sentLongAgo!.id })
        .update({ published_at: daysAgo(8) });
      await own
        .knex('outbox')
        .where({ id: sentLately!.id })
        .update({ published_at: daysAgo(6) });
      await own
        .knex('outbox')
        .where({ id: neverSent!.id })
        .update({ created_at: daysAgo(30) });

      expect(await prunePublishedEvents(own, 7 * 24 * 60 * 60 * 1000)).toBe(1);
      expect((await own.knex('outbox').orderBy('seq').select('id')).map((row: { id: string }) => row.id)).toEqual([sentLately!.id, neverSent!.id]);
    } finally {
      await own.close();
    }
  });

  it('prunes as it runs: what it published goes once older than it keeps it', async () => {
    bus = await createTestBus();
    const subject = `inventory.t${run}${++seq}.changed`;
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: `c${run}-${seq}`, subjects: [subject], handler: async (e) => void received.push(e) });
    relay = startOutboxRelay({ db, bus, logger, intervalMs: 50, prune: { keepPublishedMs: 0, everyMs: 50 } });
    const recorded = createEvent(subject, 'tenant-1', {});
    await db.knex.transaction((trx) => recordEvent(trx, recorded));
    await relay.publishNow();
    await waitFor(() => expect(received.map((e) => e.id)).toEqual([recorded.id]));
    await waitFor(async () => expect(await db.knex('outbox').where({ id: recorded.id }).first()).toBeUndefined());
  });

  it('publishes without waiting for the poll when nudged after a commit', async () => {
    bus = await createTestBus();
    const subject = `inventory.t${run}${++seq}.changed`;
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: `c${run}-${seq}`, subjects: [subject], handler: async (e) => void received.push(e) });
    relay = startOutboxRelay({ db, bus, logger, intervalMs: 60_000 });
    await relay.publishNow();
    const recorded = createEvent(subject, 'tenant-1', {});
    await db.knex.transaction((trx) => recordEvent(trx, recorded));
    await relay.publishNow();
    await waitFor(() => expect(received).toEqual([published(recorded)]), { timeoutMs: 2_000 });
  });

  it('refuses to record an envelope consumers could not parse', async () => {
    await setup();
    const bad = { ...createEvent('inventory.item.changed', 'tenant-1', {}), id: 'not-a-uuid' };
    await expect(db.knex.transaction((trx) => recordEvent(trx, bad))).rejects.toThrow();
    expect(await db.knex('outbox').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
