import { get, type IncomingMessage, type Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEvent } from '@printpool/contracts';
import type { EventBus } from '@printpool/service-kit';
import request from 'supertest';
import { createGatewayService } from '../src/app.js';
import { logger, ORIGIN, sessionCookie, startGateway, testConfig, type TestGateway } from './support/gateway.js';

/** An open /api/live response and the text it has streamed so far. */
interface LiveStream {
  res: IncomingMessage;
  text(): string;
  /** Resolves once the stream holds `needle`; rejects after two seconds. */
  waitFor(needle: string): Promise<void>;
}

let gateway: TestGateway;
let server: Server;
let base: string;

beforeAll(async () => {
  gateway = await startGateway();
  // supertest buffers whole bodies; a listening server lets the test read the stream as it comes.
  server = createServer(gateway.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => server.close(resolve));
});

async function signIn(email: string): Promise<{ cookie: string; tenantId: string }> {
  const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email }).expect(200);
  const cookie = sessionCookie(res)!.split(';')[0]!;
  const tenantId = (await gateway.db.knex('users').where('email_key', email).first()).tenant_id as string;
  return { cookie, tenantId };
}

function openLive(cookie?: string, at = base, headers: Record<string, string> = {}): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const req = get(`${at}/api/live`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }, (res) => {
      let body = '';
      const waiters: Array<() => void> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      resolve({
        res,
        text: () => body,
        waitFor: (needle) =>
          new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`stream never held ${needle}; got ${JSON.stringify(body)}`)), 2_000);
            const check = () => {
              if (body.includes(needle)) {
                clearTimeout(timer);
                done();
              } else waiters.push(check);
            };
            check();
          }),
      });
    });
    req.on('error', reject);
  });
}

describe('GET /api/live', () => {
  it('answers 401 when signed out', async () => {
    const live = await openLive();
    expect(live.res.statusCode).toBe(401);
    live.res.resume();
  });

  it("streams an event to its tenant's browsers only, as its type, id and time", async () => {
    const alice = await signIn('live-alice@example.com');
    const bob = await signIn('live-bob@example.com');
    const aliceLive = await openLive(alice.cookie);
    const bobLive = await openLive(bob.cookie);
    try {
      expect(aliceLive.res.statusCode).toBe(200);
      expect(aliceLive.res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(aliceLive.res.headers['cache-control']).toBe('no-cache');
      await aliceLive.waitFor(': connected');
      await bobLive.waitFor(': connected');

      const forAlice = createEvent('inventory.catalog.changed', alice.tenantId, { entity: 'customer', count: 50 });
      const forBob = createEvent('documents.email.sent', bob.tenantId, { subject: 'private' });
      await gateway.bus.publish(forAlice);
      await gateway.bus.publish(forBob);

      const aliceMessage = `event: inventory.catalog.changed\ndata: ${JSON.stringify({ type: forAlice.type, id: forAlice.id, occurredAt: forAlice.occurredAt })}\n\n`;
      await aliceLive.waitFor(aliceMessage);
      await bobLive.waitFor(`"id":"${forBob.id}"`);
      expect(aliceLive.text()).not.toContain(forBob.id);
      expect(bobLive.text()).not.toContain(forAlice.id);
      // No record data reaches the browser: it reads the lists through the tenant-scoped APIs.
      expect(bobLive.text()).not.toContain('private');
    } finally {
      aliceLive.res.destroy();
      bobLive.res.destroy();
    }
  });

  it("gives every replica's browsers every event, and none from before the replica started", async () => {
    const carol = await signIn('live-carol@example.com');
    const before = createEvent('inventory.catalog.changed', carol.tenantId, { entity: 'item', count: 1 });
    await gateway.bus.publish(before);
    // A second replica: the same database and event bus, a process of its own.
    const replica = createGatewayService({ db: gateway.db, bus: gateway.bus, config: testConfig(), logger });
    const replicaServer = createServer(replica.app.callback());
    await new Promise<void>((resolve) => replicaServer.listen(0, '127.0.0.1', resolve));
    const onReplica = await openLive(carol.cookie, `http://127.0.0.1:${(replicaServer.address() as AddressInfo).port}`);
    const onFirst = await openLive(carol.cookie);
    try {
      await onReplica.waitFor(': connected');
      await onFirst.waitFor(': connected');
      const published = Array.from({ length: 10 }, (_, count) => createEvent('inventory.catalog.changed', carol.tenantId, { entity: 'item', count }));
      for (const event of published) await gateway.bus.publish(event);
      for (const event of published) {
        await onFirst.waitFor(event.id);
        await onReplica.waitFor(event.id);
      }
      expect(onReplica.text()).not.toContain(before.id);
    } finally {
      onReplica.res.destroy();
      onFirst.res.destroy();
      await replica.close();
      await new Promise((resolve) => replicaServer.close(resolve));
    }
  });
});

/** The last `id:` the stream carried, as EventSource would send it back in Last-Event-ID. */
const lastEventId = (text: string) => [...text.matchAll(/^id: (.*)$/gm)].at(-1)?.[1];
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe('a browser coming back', () => {
  const keepsEvents = () => gateway.bus.positions !== undefined;

  it('is handed, by another replica, every event it missed while its stream was down, each once, then the live ones', async () => {
    if (!keepsEvents()) return;
    const dave = await signIn('live-dave@example.com');
    const other = await signIn('live-erin@example.com');
    const replica = createGatewayService({ db: gateway.db, bus: gateway.bus, config: testConfig(), logger });
    const replicaServer = createServer(replica.app.callback());
    await new Promise<void>((resolve) => replicaServer.listen(0, '127.0.0.1', resolve));
    const event = (count: number) => createEvent('inventory.catalog.changed', dave.tenantId, { entity: 'item', count });
    const first = await openLive(dave.cookie, `http://127.0.0.1:${(replicaServer.address() as AddressInfo).port}`);
    let back: LiveStream | undefined;
    try {
      await first.waitFor(': connected');
      const seen = event(1);
      await gateway.bus.publish(seen);
      await first.waitFor(seen.id);
      const lastId = lastEventId(first.text());
      expect(lastId).toMatch(/^INVENTORY:\d+/);
      // The replica goes away with the browser's stream; events go on meanwhile.
      first.res.destroy();
      await replica.close();
      const missed = [event(2), event(3)];
      for (const e of missed) await gateway.bus.publish(e);
      const notTheirs = createEvent('inventory.catalog.changed', other.tenantId, { entity: 'item', count: 9 });
      await gateway.bus.publish(notTheirs);

      back = await openLive(dave.cookie, base, { 'last-event-id': lastId! });
      for (const e of missed) await back.waitFor(e.id);
      const after = event(4);
      await gateway.bus.publish(after);
      await back.waitFor(after.id);
      const text = back.text();
      expect(missed.map((e) => text.indexOf(e.id))).toEqual([...missed.map((e) => text.indexOf(e.id))].sort((x, y) => x - y));
      for (const e of [...missed, after]) expect(occurrences(text, e.id)).toBe(1);
      expect(text).not.toContain(seen.id);
      expect(text).not.toContain(notTheirs.id);
      expect(text).not.toContain('event: resync');
    } finally {
      first.res.destroy();
      back?.res.destroy();
      await new Promise((resolve) => replicaServer.close(resolve));
    }
  });

  it('misses no event stored while the gateway reads where the streams stand', async () => {
    if (!keepsEvents()) return;
    const gina = await signIn('live-gina@example.com');
    const meanwhile = createEvent('inventory.catalog.changed', gina.tenantId, { entity: 'item', count: 7 });
    // A bus on which an event is stored, and reaches this gateway's hub, just after the positions are read.
    const racing: EventBus = {
      ...gateway.bus,
      positions: async (subjects) => {
        const now = await gateway.bus.positions!(subjects);
        await gateway.bus.publish(meanwhile);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return now;
      },
    };
    const replica = createGatewayService({ db: gateway.db, bus: racing, config: testConfig(), logger });
    const replicaServer = createServer(replica.app.callback());
    await new Promise<void>((resolve) => replicaServer.listen(0, '127.0.0.1', resolve));
    const live = await openLive(gina.cookie, `http://127.0.0.1:${(replicaServer.address() as AddressInfo).port}`);
    try {
      await live.waitFor(meanwhile.id);
    } finally {
      live.res.destroy();
      await replica.close();
      await new Promise((resolve) => replicaServer.close(resolve));
    }
  });

  it('is told to read its pages again when where it stood cannot be known', async () => {
    const frank = await signIn('live-frank@example.com');
    const back = await openLive(frank.cookie, base, { 'last-event-id': 'INVENTORY:abc' });
    try {
      await back.waitFor('event: resync');
    } finally {
      back.res.destroy();
    }
  });
});

describe('closing the gateway', () => {
  it('ends the open streams', async () => {
    const own = await startGateway();
    const ownServer = createServer(own.callback);
    await new Promise<void>((resolve) => ownServer.listen(0, '127.0.0.1', resolve));
    try {
      const res = await request(own.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'live-close@example.com' }).expect(200);
      const cookie = sessionCookie(res)!.split(';')[0]!;
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        get(`http://127.0.0.1:${(ownServer.address() as AddressInfo).port}/api/live`, { headers: { cookie } }, resolve).on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      const ended = new Promise<void>((resolve) => response.on('end', resolve));
      response.resume();
      await own.close();
      await ended;
    } finally {
      await new Promise((resolve) => ownServer.close(resolve));
    }
  });
});
