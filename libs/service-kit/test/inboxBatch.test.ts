import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { Knex } from 'knex';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { idempotentBatchHandler, inboxMigrations, type TransactionalBatchHandler } from '../src/events/inbox.js';
import { createTestBus, createTestDatabase, waitFor } from '../src/testing/index.js';
import { itemsMigration } from './support.js';

const run = randomBytes(4).toString('hex');
let seq = 0;
let db: Database;
let bus: EventBus | undefined;

beforeAll(async () => {
  db = await createTestDatabase([...inboxMigrations, itemsMigration]);
});

afterAll(async () => {
  await db.close();
});

afterEach(async () => {
  await bus?.close();
  bus = undefined;
  await db.knex('items').delete();
});

const consumerName = () => `c${run}-${++seq}`;

const stockEvent = (itemId: string, qty = 1) => createEvent('inventory.item-level.changed', 'tenant-1', { itemId, qty });

/** Applies a stock change: not idempotent by itself, so a second application would show. */
async function addStock(event: EventEnvelope, trx: Knex.Transaction) {
  const { itemId, qty } = event.data as { itemId: string; qty: number };
  await trx('items').insert({ id: itemId, qty }).onConflict('id').merge({ qty: trx.raw('items.qty + excluded.qty') });
}

/** A batch handler that applies each event and records the batches it was given. */
function recordingHandler(apply: (event: EventEnvelope, trx: Knex.Transaction) => Promise<void> = addStock) {
  const batches: string[][] = [];
  const handler: TransactionalBatchHandler = async (events, trx) => {
    batches.push(events.map((e) => e.id));
    for (const event of events) await apply(event, trx);
  };
  return { batches, handler };
}

const qtyOf = async (id: string) => (await db.knex('items').where({ id }).first())?.qty;

const inboxIds = async (consumer: string) => (await db.knex('inbox').where({ consumer }).pluck('event_id')).sort();

describe('idempotentBatchHandler', () => {
  it('applies concurrent calls in batches of at most maxEvents, each event once, in call order', async () => {
    const { batches, handler } = recordingHandler();
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxEvents: 20 });
    const events = Array.from({ length: 50 }, () => stockEvent('i-batch'));
    await Promise.all(events.map((e) => apply(e)));
    expect(batches.map((b) => b.length)).toEqual([20, 20, 10]);
    expect(batches.flat()).toEqual(events.map((e) => e.id));
    expect(await qtyOf('i-batch')).toBe(50);
  });

  it('catches up on a backlog in a few transactions when subscribed with maxInFlight', async () => {
    bus = await createTestBus();
    const subject = `inventory.t${run}${++seq}.changed`;
    const consumer = `c${run}-${seq}`;
    const backlog = Array.from({ length: 50 }, () => ({ ...stockEvent('i-backlog'), type: subject }));
    for (const e of backlog) await bus.publish(e);
    const { batches, handler } = recordingHandler();
    await bus.subscribe({ consumer, subjects: [subject], maxInFlight: 100, handler: idempotentBatchHandler(db, consumer, handler) });
    await waitFor(async () => expect(await qtyOf('i-backlog')).toBe(50));
    expect(batches.flat()).toEqual(backlog.map((e) => e.id));
    expect(batches.length).toBeLessThan(10);
  });

  it('takes the events that arrive during a transaction into the next one', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { batches, handler } = recordingHandler(async (event, trx) => {
      await addStock(event, trx);
      await released;
    });
    const apply = idempotentBatchHandler(db, consumerName(), handler);
    const [first, ...rest] = [stockEvent('i-queue'), stockEvent('i-queue'), stockEvent('i-queue')];
    const applied = [apply(first!)];
    await waitFor(() => expect(batches).toHaveLength(1));
    applied.push(...rest.map((e) => apply(e)));
    release();
    await Promise.all(applied);
    expect(batches).toEqual([[first!.id], rest.map((e) => e.id)]);
    expect(await qtyOf('i-queue')).toBe(3);
  });

  it('skips an event already applied and a repeated id within a batch', async () => {
    const { batches, handler } = recordingHandler();
    const apply = idempotentBatchHandler(db, consumerName(), handler);
    const redelivered = stockEvent('i-dup', 5);
    const fresh = stockEvent('i-dup', 2);
    await apply(redelivered);
    await Promise.all([apply(redelivered), apply(fresh), apply(fresh)]);
    expect(batches).toEqual([[redelivered.id], [fresh.id]]);
    expect(await qtyOf('i-dup')).toBe(7);
  });

  it('makes no handler call for a batch of events all applied before', async () => {
    const { batches, handler } = recordingHandler();
    const apply = idempotentBatchHandler(db, consumerName(), handler);
    const event = stockEvent('i-seen');
    await apply(event);
    await Promise.all([apply(event), apply(event)]);
    expect(batches).toEqual([[event.id]]);
  });

  it('rejects only the event that fails, commits the rest, and keeps no inbox row of it', async () => {
    const consumer = consumerName();
    const poison = stockEvent('i-poison');
    const { batches, handler } = recordingHandler(async (event, trx) => {
      await addStock(event, trx);
      if (event.id === poison.id) throw new Error('item belongs to no known tenant');
    });
    const apply = idempotentBatchHandler(db, consumer, handler);
    const before = stockEvent('i-good');
    const after = stockEvent('i-good');
    const results = await Promise.allSettled([before, poison, after].map((e) => apply(e)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('item belongs to no known tenant'));
    expect(batches).toEqual([[before.id, poison.id, after.id], [before.id], [poison.id], [after.id]]);
    expect(await qtyOf('i-good')).toBe(2);
    expect(await qtyOf('i-poison')).toBeUndefined();
    expect(await inboxIds(consumer)).toEqual([before.id, after.id].sort());
  });

  it('applies each event of a batch whose transaction failed once, once', async () => {
    const consumer = consumerName();
    let calls = 0;
    const { batches, handler } = recordingHandler(async (event, trx) => {
      await addStock(event, trx);
      if (++calls === 2) throw new Error('connection reset');
    });
    const apply = idempotentBatchHandler(db, consumer, handler);
    const events = [stockEvent('i-retry'), stockEvent('i-retry'), stockEvent('i-retry')];
    await Promise.all(events.map((e) => apply(e)));
    // The rolled-back batch left no inbox rows behind, or the retries would have skipped its events.
    expect(batches).toEqual([events.map((e) => e.id), ...events.map((e) => [e.id])]);
    expect(await qtyOf('i-retry')).toBe(3);
    expect(await inboxIds(consumer)).toEqual(events.map((e) => e.id).sort());
  });
});
