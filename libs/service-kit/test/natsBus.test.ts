import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { connect, nanos } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createEvent } from '@printpool/contracts';
import { EACH_PROCESS_IDLE_MS, type EventBus, type EventEnvelope } from '../src/events/bus.js';
import { describeEventBusContract } from '../src/events/busContract.js';
import { createTestNatsBus, startNatsServer, waitFor, type NatsServerHandle } from '../src/testing/index.js';

// The shared server at NATS_URL when there is one (CI), a server of this file's own otherwise.
let server: NatsServerHandle | undefined;
let url = process.env.NATS_URL ?? '';

beforeAll(async () => {
  if (url) return;
  server = await startNatsServer();
  url = server.url;
});

afterAll(async () => {
  await server?.dispose();
});

describeEventBusContract('NATS JetStream bus', (policy) => createTestNatsBus(url, policy));

describe('NATS JetStream bus across processes', () => {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  let subject = '';
  const event = () => ({ ...createEvent('inventory.item.changed', 'tenant-1', {}), type: subject });
  let buses: EventBus[] = [];

  beforeEach(() => {
    subject = `inventory.t${run}${++seq}.changed`;
  });

  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    buses = [];
  });

  async function open() {
    const bus = await createTestNatsBus(url);
    buses.push(bus);
    return bus;
  }

  it('stores an event published twice once, so a retried publish is not delivered twice', async () => {
    const bus = await open();
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: `c${run}-dedup`, subjects: [subject], handler: async (e) => void received.push(e) });
    const retried = event();
    await bus.publish(retried);
    await bus.publish(retried);
    const marker = event();
    await bus.publish(marker);
    await waitFor(() => expect(received.map((e) => e.id)).toEqual([retried.id, marker.id]));
  });

  it('splits a consumer name between two service instances, each event once', async () => {
    const [a, b, publisher] = await Promise.all([open(), open(), open()]);
    const seen: string[] = [];
    const handler = async (e: EventEnvelope) => void seen.push(e.id);
    await a.subscribe({ consumer: `c${run}-replicas`, subjects: [subject], handler });
    await b.subscribe({ consumer: `c${run}-replicas`, subjects: [subject], handler });
    const published = Array.from({ length: 20 }, event);
    for (const e of published) await publisher.publish(e);
    await waitFor(() => expect([...seen].sort()).toEqual(published.map((e) => e.id).sort()));
  });

  it('gives each replica every live event, and leaves the server nothing of a replica once it is gone', async () => {
    const [a, b, publisher] = await Promise.all([open(), open(), open()]);
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    await a.subscribe({ consumer: `c${run}-live`, subjects: [subject], handler: async (e) => void seenByA.push(e.id), eachProcess: true });
    await b.subscribe({ consumer: `c${run}-live`, subjects: [subject], handler: async (e) => void seenByB.push(e.id), eachProcess: true });
    const published = Array.from({ length: 20 }, event);
    for (const e of published) await publisher.publish(e);
    await waitFor(() => expect(seenByA).toEqual(published.map((e) => e.id)));
    await waitFor(() => expect(seenByB).toEqual(published.map((e) => e.id)));

    const nc = await connect({ servers: url });
    try {
      const jsm = await jetstreamManager(nc);
      const live = async () => {
        const found = [];
        for await (const info of jsm.consumers.list('INVENTORY')) if (info.name.startsWith(`c${run}-live`)) found.push(info);
        return found;
      };
      // One consumer per replica, each of which the server drops once its process has been silent that long (a kill -9).
      expect((await live()).map((info) => info.config.inactive_threshold)).toEqual([nanos(EACH_PROCESS_IDLE_MS), nanos(EACH_PROCESS_IDLE_MS)]);
      // A replica that shuts down removes its own at once.
      await a.close();
      expect(await live()).toHaveLength(1);
    } finally {
      await nc.close();
    }
  });
});
