import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createEvent, INVENTORY_EVENT_EXAMPLES, INVENTORY_EVENTS, inventoryAsyncApi } from '@printpool/contracts';
import { messageValidators } from '@printpool/contracts/testing';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { outboxMigrations, recordEvent, startOutboxRelay, type OutboxRelay } from '../src/events/outbox.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, createTestNatsBus, startNatsServer, type NatsServerHandle } from '../src/testing/index.js';

/**
 * What a producer's outbox relay puts on the wire is what libs/contracts/asyncapi.yaml tells other
 * teams to expect: the message body is the whole envelope as JSON, the event under `data` with its
 * revision, and the Nats-Msg-Id header is the envelope id. Read back raw, with the NATS client alone.
 */
let server: NatsServerHandle | undefined;
let url = process.env.NATS_URL ?? '';
let bus: EventBus;
let nc: NatsConnection;
let db: Database;
let relay: OutboxRelay;

beforeAll(async () => {
  if (!url) {
    server = await startNatsServer();
    url = server.url;
  }
  bus = await createTestNatsBus(url);
  nc = await connect({ servers: url });
  db = await createTestDatabase(outboxMigrations);
  relay = startOutboxRelay({ db, bus, logger: createLogger('published-messages', 'silent'), intervalMs: 50 });
});

afterAll(async () => {
  await relay?.stop();
  await db?.close();
  await nc?.close();
  await bus?.close();
  await server?.dispose();
});

/** `event`, recorded in the outbox as a change records it and published by the relay. */
async function publishThroughOutbox(event: EventEnvelope): Promise<void> {
  await db.knex.transaction((trx) => recordEvent(trx, event));
  await relay.publishNow();
}

/** The raw message of `event` in its stream, read by an ordered consumer from just before it was published. */
async function rawMessageOf(event: EventEnvelope, since: Date): Promise<{ body: unknown; msgId: string | undefined }> {
  const consumer = await jetstream(nc).consumers.get('INVENTORY', {
    filter_subjects: event.type,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  for (;;) {
    const message = await consumer.next({ expires: 5_000 });
    if (!message) throw new Error(`event ${event.id} not found in the stream`);
    const body = message.json<EventEnvelope>();
    if (body.id === event.id) return { body, msgId: message.headers?.get('Nats-Msg-Id') };
  }
}

describe('inventory events on the wire', () => {
  const validators = messageValidators(inventoryAsyncApi());
  const tenantId = `wire-${randomBytes(4).toString('hex')}`;

  it.each(Object.entries(INVENTORY_EVENT_EXAMPLES))('%s: the published message is the documented one', async (type, data) => {
    const since = new Date(Date.now() - 1_000);
    const event = createEvent(type, tenantId, data);
    await publishThroughOutbox(event);
    const { body, msgId } = await rawMessageOf(event, since);
    expect(msgId).toBe(event.id);
    const { revision, ...sent } = (body as { data: { revision: unknown } }).data;
    expect({ ...(body as object), data: sent }).toEqual(JSON.parse(JSON.stringify(event)));
    expect(revision).toEqual(expect.any(Number));
    const validate = validators.get(type)!;
    expect([validate(body), validate.errors ?? null]).toEqual([true, null]);
  });

  it('gives a later change of an entity a larger revision', async () => {
    const since = new Date(Date.now() - 1_000);
    const first = createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, { itemQbId: 'revised', virtualInventory: 10 });
    const second = createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, { itemQbId: 'revised', virtualInventory: 4 });
    await publishThroughOutbox(first);
    await publishThroughOutbox(second);
    const revisions = await Promise.all(
      [second, first].map(async (event) => ((await rawMessageOf(event, since)).body as { data: { revision: number } }).data.revision),
    );
    expect(revisions[0]).toBeGreaterThan(revisions[1]!);
  });

  it('documents every inventory event it can publish', () => {
    expect([...validators.keys()].sort()).toEqual(Object.values(INVENTORY_EVENTS).sort());
  });
});
