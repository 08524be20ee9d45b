import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { connect, nanos } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createEvent } from '@printpool/contracts';
import { EACH_PROCESS_IDLE_MS, type EventBus, type EventEnvelope } from '../src/events/bus.js';
import { describeEventBusContract } from './busContract.js';
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

  it('reads back what a subscriber missed between two positions, in order and with its positions', async () => {
    const bus = await open();
    const other = `${subject}.other`.replace('.changed.other', '.elsewhere');
    const before = await bus.positions!([subject]);
    const missed = Array.from({ length: 5 }, event);
    for (const e of missed) {
      await bus.publish(e);
      // Events of another subject in the same stream lie between them and are not handed over.
      await bus.publish({ ...e, id: `${e.id}-x`, type: other });
    }
    const upTo = await bus.positions!([subject]);
    await bus.publish(event());

    const read: { id: string; seq: number }[] = [];
    await bus.readBetween!([subject], before, upTo, async (e, position) => void read.push({ id: e.id, seq: position!.seq }));
    expect(read.map((r) => r.id)).toEqual(missed.map((e) => e.id));
    expect(read.map((r) => r.seq)).toEqual([...read.map((r) => r.seq)].sort((x, y) => x - y));
    expect(read.at(-1)!.seq).toBeLessThanOrEqual(upTo.INVENTORY!);

    // From the third one on, as a subscriber that had seen two resumes; nothing after the last.
    const resumed: string[] = [];
    await bus.readBetween!([subject], { INVENTORY: read[1]!.seq }, upTo, async (e) => void resumed.push(e.id));
    expect(resumed).toEqual(missed.slice(2).map((e) => e.id));
    const none: string[] = [];
    await bus.readBetween!([subject], upTo, upTo, async (e) => void none.push(e.id));
    await bus.readBetween!([`${subject}.nothing`], before, upTo, async (e) => void none.push(e.id));
    expect(none).toEqual([]);
  });

  it('hands subscribers the position of each event it delivers', async () => {
    const bus = await open();
    const positions: { stream: string; seq: number }[] = [];
    await bus.subscribe({ consumer: `c${run}-positions`, subjects: [subject], handler: async (_e, position) => void positions.push(position!) });
    await bus.publish(event());
    await bus.publish(event());
    await waitFor(() => expect(positions).toHaveLength(2));
    expect(positions.map((p) => p.stream)).toEqual(['INVENTORY', 'INVENTORY']);
    expect(positions[1]!.seq).toBeGreaterThan(positions[0]!.seq);
    expect((await bus.positions!([subject])).INVENTORY).toBeGreaterThanOrEqual(positions[1]!.seq);
  });
});
