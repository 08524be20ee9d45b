import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { outboxMigrations, recordEvent, startOutboxRelay, type OutboxRelay } from '../src/events/outbox.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, createTestNatsBus, startNatsServer, waitFor, type NatsServerHandle } from '../src/testing/index.js';

const logger = createLogger('test', 'silent');
const run = randomBytes(4).toString('hex');

let server: NatsServerHandle;
let db: Database;
let bus: EventBus | undefined;
let relay: OutboxRelay | undefined;

beforeAll(async () => {
  [server, db] = await Promise.all([startNatsServer(), createTestDatabase(outboxMigrations)]);
});

afterAll(async () => {
  await relay?.stop();
  await bus?.close();
  await server.dispose();
  await db.close();
});

describe('outbox while NATS is down', () => {
  it('keeps events recorded during the outage and delivers them, in order, once NATS is back', async () => {
    bus = await createTestNatsBus(server.url);
    const subject = `inventory.t${run}.changed`;
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: `c${run}`, subjects: [subject], handler: async (e) => void received.push(e) });
    relay = startOutboxRelay({ db, bus, logger, intervalMs: 50, maxBackoffMs: 300 });

    await server.stop();
    const during = [createEvent(subject, 'tenant-1', { n: 1 }), createEvent(subject, 'tenant-1', { n: 2 })];
    await db.knex.transaction(async (trx) => {
      for (const e of during) await recordEvent(trx, e);
    });
    await relay.publishNow();
    await waitFor(async () => expect((await db.knex('outbox').where({ id: during[0]!.id }).first()).attempts).toBeGreaterThan(0), { timeoutMs: 8_000 });
    const [first] = await db.knex('outbox').orderBy('seq');
    expect(first.published_at).toBeNull();
    expect(first.last_error).toEqual(expect.any(String));
    expect(received).toEqual([]);

    await server.restart();
    await waitFor(() => expect(received.map((e) => e.id)).toEqual(during.map((e) => e.id)), { timeoutMs: 12_000 });
    await waitFor(async () => expect(await db.knex('outbox').whereNull('published_at')).toEqual([]));
  });
});
