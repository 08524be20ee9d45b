import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createEvent, INVENTORY_EVENT_EXAMPLES, INVENTORY_EVENTS, inventoryAsyncApi } from '@printpool/contracts';
import { messageValidators } from '@printpool/contracts/testing';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { createTestNatsBus, startNatsServer, type NatsServerHandle } from '../src/testing/index.js';

/**
 * What natsBus.publish puts on the wire is what libs/contracts/asyncapi.yaml tells other teams
 * to expect: the message body is the whole envelope as JSON, the event under `data`, and the
 * Nats-Msg-Id header is the envelope id. Read back raw, with the NATS client alone.
 */
let server: NatsServerHandle | undefined;
let url = process.env.NATS_URL ?? '';
let bus: EventBus;
let nc: NatsConnection;

beforeAll(async () => {
  if (!url) {
    server = await startNatsServer();
    url = server.url;
  }
  bus = await createTestNatsBus(url);
  nc = await connect({ servers: url });
});

afterAll(async () => {
  await nc?.close();
  await bus?.close();
  await server?.dispose();
});

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
    await bus.publish(event);
    const { body, msgId } = await rawMessageOf(event, since);
    expect(msgId).toBe(event.id);
    expect(body).toEqual(JSON.parse(JSON.stringify(event)));
    const validate = validators.get(type)!;
    expect([validate(body), validate.errors ?? null]).toEqual([true, null]);
  });

  it('documents every inventory event it can publish', () => {
    expect([...validators.keys()].sort()).toEqual(Object.values(INVENTORY_EVENTS).sort());
  });
});
