import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { Knex } from 'knex';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { idempotentBatchHandler, idempotentHandler, inboxMigrations, type TransactionalBatchHandler } from '../src/events/inbox.js';
import { createTestBus, createTestDatabase, itOnPostgres, waitFor } from '../src/testing/index.js';
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

/** Applies a stock change: not idempotent by itself, so a second application would show. */
async function addStock(event: EventEnvelope, trx: Knex.Transaction) {
  const { itemId, qty } = event.data as { itemId: string; qty: number };
  await trx('items')
    .insert({ id: itemId, qty })
    .onConflict('id')
    .merge({ qty: trx.raw('items.qty + excluded.qty') });
}

const qtyOf = async (id: string) => (await db.knex('items').where({ id }).first())?.qty;

describe('inbox', () => {
  it('applies an event delivered twice once', async () => {
    bus = await createTestBus();
    const subject = `inventory.t${run}${++seq}.changed`;
    const consumer = `c${run}-${seq}`;
    let calls = 0;
    const handler = idempotentHandler(db, consumer, async (event, trx) => {
      calls++;
      await addStock(event, trx);
    });
    await bus.subscribe({ consumer, subjects: [subject], handler });
    const event = createEvent(subject, 'tenant-1', { itemId: 'i-1', qty: 5 });
    await bus.publish(event);
    await bus.publish(event);
    await waitFor(async () => expect(await qtyOf('i-1')).toBe(5));
    // A redelivery after a lost ack reaches the handler again, whatever the broker de-duplicates.
    await handler(event);
    await sleep(200);
    expect(await qtyOf('i-1')).toBe(5);
    expect(calls).toBe(1);
  });

  it('rolls back the writes of a handler that fails, and applies the redelivery once', async () => {
    bus = await createTestBus({ retryDelayMs: 20 });
    const subject = `inventory.t${run}${++seq}.changed`;
    const consumer = `c${run}-${seq}`;
    let calls = 0;
    await bus.subscribe({
      consumer,
      subjects: [subject],
      handler: idempotentHandler(db, consumer, async (event, trx) => {
        calls++;
        await addStock(event, trx);
        if (calls === 1) throw new Error('e-mail provider timed out after the stock was written');
      }),
    });
    await bus.publish(createEvent(subject, 'tenant-1', { itemId: 'i-2', qty: 3 }));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(async () => expect(await qtyOf('i-2')).toBe(3));
    await sleep(200);
    expect(calls).toBe(2);
    expect(await qtyOf('i-2')).toBe(3);
  });

  it('keeps processed ids per consumer, so each consumer applies the event', async () => {
    const event = createEvent('inventory.item-level.changed', 'tenant-1', { itemId: 'i-3', qty: 2 });
    const dashboard = idempotentHandler(db, `c${run}-dashboard`, addStock);
    const reports = idempotentHandler(db, `c${run}-reports`, addStock);
    await dashboard(event);
    await reports(event);
    await dashboard(event);
    expect(await qtyOf('i-3')).toBe(4);
  });

  it('applies concurrent duplicates once', async () => {
    const event = createEvent('inventory.item-level.changed', 'tenant-1', { itemId: 'i-4', qty: 1 });
    const handler = idempotentHandler(db, `c${run}-concurrent`, addStock);
    await Promise.all([handler(event), handler(event), handler(event)]);
    expect(await qtyOf('i-4')).toBe(1);
  });
});

const consumerName = () => `c${run}-${++seq}`;

const stockEvent = (itemId: string, qty = 1) => createEvent('inventory.item-level.changed', 'tenant-1', { itemId, qty });

/** A batch handler that applies each event and records the batches it was given. */
function recordingHandler(apply: (event: EventEnvelope, trx: Knex.Transaction) => Promise<void> = addStock) {
  const batches: string[][] = [];
  const handler: TransactionalBatchHandler = async (events, trx) => {
    batches.push(events.map((e) => e.id));
    for (const event of events) await apply(event, trx);
  };
  return { batches, handler };
}

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

  it('keeps a batch within maxWeight, a heavier event going alone', async () => {
    const { batches, handler } = recordingHandler();
    const weighs = new Map<string, number>();
    const events = [3, 4, 2, 9, 1, 1].map((qty) => stockEvent('i-weight', qty));
    for (const event of events) weighs.set(event.id, (event.data as { qty: number }).qty);
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxWeight: 8, weigh: (event) => weighs.get(event.id)! });
    await Promise.all(events.map((e) => apply(e)));
    expect(batches.map((batch) => batch.map((id) => weighs.get(id)))).toEqual([[3, 4], [2], [9], [1, 1]]);
    expect(await qtyOf('i-weight')).toBe(20);
  });

  // Two transactions at once: embedded PGlite has one connection, so the second would wait for the first.
  itOnPostgres("applies another tenant's event while one tenant's backlog is still being applied", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const applied: string[] = [];
    const { handler } = recordingHandler(async (event, trx) => {
      await addStock(event, trx);
      // The busy tenant's transaction holds its locks until released.
      if (event.tenantId === 'busy-tenant') await released;
      applied.push(event.tenantId);
    });
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxEvents: 2 });
    const backlog = Array.from({ length: 6 }, () => createEvent('inventory.item-level.changed', 'busy-tenant', { itemId: 'i-busy', qty: 1 }));
    const pending = backlog.map((e) => apply(e));
    await apply(createEvent('inventory.item-level.changed', 'quiet-tenant', { itemId: 'i-quiet', qty: 1 }));
    expect(applied).toEqual(['quiet-tenant']);
    release();
    await Promise.all(pending);
    expect(await qtyOf('i-busy')).toBe(6);
  });

  it('takes tenants in turns, a batch each, when more have events than may run at once', async () => {
    const tenantsOfBatches: string[] = [];
    const handler: TransactionalBatchHandler = async (events, trx) => {
      tenantsOfBatches.push(events[0]!.tenantId);
      for (const event of events) await addStock(event, trx);
    };
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxEvents: 2, maxTenantsAtOnce: 1 });
    const eventOf = (tenantId: string) => createEvent('inventory.item-level.changed', tenantId, { itemId: 'i-turns', qty: 1 });
    await Promise.all([...Array.from({ length: 6 }, () => eventOf('tenant-a')), ...Array.from({ length: 4 }, () => eventOf('tenant-b'))].map((e) => apply(e)));
    expect(tenantsOfBatches).toEqual(['tenant-a', 'tenant-b', 'tenant-a', 'tenant-b', 'tenant-a']);
    expect(await qtyOf('i-turns')).toBe(10);
  });

  describe('a tenant importing pages beside tenants with changes', () => {
    const PAGE = 1_000;
    const pageOf = (tenantId: string) => createEvent('inventory.item-level.changed', tenantId, { itemId: 'i-lanes', qty: PAGE });
    const changeOf = (tenantId: string) => createEvent('inventory.item-level.changed', tenantId, { itemId: 'i-lanes', qty: 1 });
    const lanes = { maxEvents: 1, weigh: (event: EventEnvelope) => (event.data as { qty: number }).qty, pageWeight: 100 };

    it("gives other tenants' changes their turn before any import's next page", async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const turns: string[] = [];
      const handler: TransactionalBatchHandler = async (events, trx) => {
        turns.push(events[0]!.tenantId);
        for (const event of events) await addStock(event, trx);
        if (turns.length === 1) await released;
      };
      const apply = idempotentBatchHandler(db, consumerName(), handler, { ...lanes, maxTenantsAtOnce: 1 });
      const imports = [pageOf('big'), pageOf('big'), pageOf('big'), pageOf('other-big')].map((e) => apply(e));
      await waitFor(() => expect(turns).toEqual(['big']));
      // Changes that arrive while the first page is applied, after the other import queued.
      const changes = [changeOf('small-a'), changeOf('small-b')].map((e) => apply(e));
      release();
      await Promise.all([...imports, ...changes]);
      expect(turns).toEqual(['big', 'small-a', 'small-b', 'other-big', 'big', 'big']);
    });

    itOnPostgres("applies one tenant's import at a time, with changes beside it", async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const inHand = new Set<string>();
      let mostImportsAtOnce = 0;
      const handler: TransactionalBatchHandler = async (events, trx) => {
        const tenantId = events[0]!.tenantId;
        inHand.add(tenantId);
        mostImportsAtOnce = Math.max(mostImportsAtOnce, [...inHand].filter((t) => t.startsWith('big')).length);
        for (const event of events) await addStock(event, trx);
        if (tenantId.startsWith('big')) await released;
        inHand.delete(tenantId);
      };
      const apply = idempotentBatchHandler(db, consumerName(), handler, { ...lanes, maxTenantsAtOnce: 3 });
      const imports = [pageOf('big-1'), pageOf('big-2'), pageOf('big-1'), pageOf('big-2')].map((e) => apply(e));
      // A change is applied while an import holds its turn, slots to spare.
      try {
        await apply(changeOf('small'));
        expect(mostImportsAtOnce).toBe(1);
      } finally {
        release();
        await Promise.all(imports);
      }
      expect(mostImportsAtOnce).toBe(1);
      expect(await qtyOf('i-lanes')).toBe(4 * PAGE + 1);
    });
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

  it("tells each batch how many of its tenant's events wait behind it, the last batch 0", async () => {
    const waiting: number[] = [];
    const handler: TransactionalBatchHandler = async (events, trx, backlog) => {
      waiting.push(backlog.waiting);
      for (const event of events) await addStock(event, trx);
    };
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxEvents: 2 });
    await Promise.all(Array.from({ length: 5 }, () => apply(stockEvent('i-waiting'))).map((applied) => applied));
    expect(waiting).toEqual([3, 1, 0]);
  });

  it("hands the backlog's last batch to the handler even when all its events were applied before", async () => {
    const calls: Array<{ events: number; waiting: number; tenantId: string }> = [];
    const handler: TransactionalBatchHandler = async (events, trx, backlog) => {
      calls.push({ events: events.length, waiting: backlog.waiting, tenantId: backlog.tenantId });
      for (const event of events) await addStock(event, trx);
    };
    const apply = idempotentBatchHandler(db, consumerName(), handler, { maxEvents: 1 });
    const seen = stockEvent('i-owed');
    await apply(seen);
    // A redelivery after a fresh event: the fresh one defers to the backlog's end, which holds only the seen one.
    await Promise.all([apply(stockEvent('i-owed')), apply(seen)]);
    expect(calls).toEqual([
      { events: 1, waiting: 0, tenantId: 'tenant-1' },
      { events: 1, waiting: 1, tenantId: 'tenant-1' },
      { events: 0, waiting: 0, tenantId: 'tenant-1' },
    ]);
    expect(await qtyOf('i-owed')).toBe(2);
  });
});
