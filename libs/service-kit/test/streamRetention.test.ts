import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { createEvent } from '@printpool/contracts';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { createNatsBus } from '../src/events/natsBus.js';
import { streamLimitsFromEnv, type StreamLimits } from '../src/events/streamRetention.js';
import { createLogger } from '../src/logger.js';
import { startNatsServer, waitFor, type NatsServerHandle } from '../src/testing/index.js';

// Always a server of this file's own: these tests change the streams' limits, which on a shared
// server would refuse or expire other suites' events.
let server: NatsServerHandle;
let nc: NatsConnection;
let jsm: JetStreamManager;
let buses: EventBus[] = [];
const logger = createLogger('stream-retention-test', 'silent');

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connect({ servers: server.url });
  jsm = await jetstreamManager(nc);
});

afterEach(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  buses = [];
  for (const name of ['ACCOUNTING', 'INVENTORY', 'DOCUMENTS', 'IDENTITY', 'DEADLETTER']) await jsm.streams.delete(name).catch(() => false);
});

afterAll(async () => {
  await nc.close();
  await server.dispose();
});

async function open(streamLimits?: StreamLimits): Promise<EventBus> {
  const bus = await createNatsBus({ servers: server.url, name: 'retention-test', logger, streamLimits, publishTimeoutMs: 2_000 });
  buses.push(bus);
  return bus;
}

const limits = (overrides: Partial<StreamLimits> = {}): StreamLimits => ({
  ...streamLimitsFromEnv({}),
  ...overrides,
});

const inventoryEvent = (data: unknown = {}): EventEnvelope => createEvent('inventory.item.changed', 'tenant-1', data);

const limitsOf = async (stream: string) => {
  const { config } = await jsm.streams.info(stream);
  return { maxAge: config.max_age, maxBytes: config.max_bytes, discard: config.discard };
};

describe('stream retention', () => {
  it('creates every stream with the limits the environment names, dead letters with their own', async () => {
    const fromEnv = streamLimitsFromEnv({
      EVENT_STREAM_MAX_AGE_MS: String(3 * 24 * 3_600_000),
      EVENT_STREAM_MAX_BYTES: String(64 * 1024 ** 2),
      DEAD_LETTER_MAX_AGE_MS: String(30 * 24 * 3_600_000),
      DEAD_LETTER_MAX_BYTES: String(8 * 1024 ** 2),
    });
    await open(fromEnv);
    for (const stream of ['ACCOUNTING', 'INVENTORY', 'DOCUMENTS', 'IDENTITY']) {
      expect(await limitsOf(stream)).toEqual({ maxAge: nanos(3 * 24 * 3_600_000), maxBytes: 64 * 1024 ** 2, discard: 'new' });
    }
    expect(await limitsOf('DEADLETTER')).toEqual({ maxAge: nanos(30 * 24 * 3_600_000), maxBytes: 8 * 1024 ** 2, discard: 'new' });
  });

  it('keeps events a week by default, and dead letters until replayed within 256 MiB', async () => {
    await open(streamLimitsFromEnv({}));
    expect(await limitsOf('ACCOUNTING')).toEqual({ maxAge: nanos(7 * 24 * 3_600_000), maxBytes: -1, discard: 'new' });
    expect(await limitsOf('DEADLETTER')).toEqual({ maxAge: 0, maxBytes: 256 * 1024 ** 2, discard: 'new' });
  });

  it('brings existing streams to changed limits, and a tool without limits leaves them as they are', async () => {
    await open(limits({ maxAgeMs: 3_600_000 }));
    await open(limits({ maxAgeMs: 7_200_000 }));
    expect((await limitsOf('INVENTORY')).maxAge).toBe(nanos(7_200_000));
    await open();
    expect((await limitsOf('INVENTORY')).maxAge).toBe(nanos(7_200_000));
  });

  it('refuses a publish to a full stream rather than dropping an event nobody may have read', async () => {
    const bus = await open(limits({ maxBytes: 8 * 1024 }));
    const first = inventoryEvent({ note: 'x'.repeat(1_000) });
    await bus.publish(first);
    let refused: unknown;
    for (let n = 0; n < 20 && !refused; n++) await bus.publish(inventoryEvent({ note: 'x'.repeat(1_000) })).catch((err: unknown) => (refused = err));
    expect(refused).toBeInstanceOf(Error);
    const oldest = await jsm.streams.getMessage('INVENTORY', { seq: 1 });
    expect(oldest?.json<EventEnvelope>().id).toBe(first.id);
  });

  it('lets events older than the maximum age go', async () => {
    const bus = await open(limits({ maxAgeMs: 1_000 }));
    await bus.publish(inventoryEvent());
    expect((await jsm.streams.info('INVENTORY')).state.messages).toBe(1);
    await waitFor(async () => expect((await jsm.streams.info('INVENTORY')).state.messages).toBe(0), { timeoutMs: 5_000 });
  });
});
