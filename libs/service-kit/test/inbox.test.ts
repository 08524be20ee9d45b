import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { idempotentHandler, inboxMigrations } from '../src/events/inbox.js';
import { createTestBus, createTestDatabase, waitFor } from '../src/testing/index.js';
import { itemsMigration } from './support.js';

const run = randomBytes(4).toString('hex');
let seq = 0;
let db: Database;
let bus: EventBus;

beforeAll(async () => {
  db = await createTestDatabase([...inboxMigrations, itemsMigration]);
});

afterAll(async () => {
  await db.close();
});

afterEach(async () => {
  await bus?.close();
  await db.knex('items').delete();
});

/** Applies a stock change: not idempotent by itself, so a second application would show. */
async function addStock(event: EventEnvelope, trx: Parameters<Parameters<typeof idempotentHandler>[2]>[1]) {
  const { itemId, qty } = event.data as { itemId: string; qty: number };
  await trx('items').insert({ id: itemId, qty }).onConflict('id').merge({ qty: trx.raw('items.qty + excluded.qty') });
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
