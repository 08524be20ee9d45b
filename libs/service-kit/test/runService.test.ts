import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import knexFactory, { type Knex } from 'knex';
import { describeOnPostgres } from '../src/testing/onPostgres.js';
import { startNatsServer, type NatsServerHandle } from '../src/testing/natsServer.js';
import { runFixture, waitForStatus, type FixtureProcess } from './fixtures/runFixture.js';

/** A service process of the distributed mode (runServiceMain), started as operators start it: `node main.js [migrate]`. */
describeOnPostgres('a service process of the distributed mode', () => {
  const schema = `fixture_${randomBytes(5).toString('hex')}`;
  let nats: NatsServerHandle;
  let knex: Knex;
  let peer: Server | undefined;
  let peerPort: number;
  const running: FixtureProcess[] = [];
  let service: FixtureProcess;
  let origin: string;
  const env = () => ({
    DATABASE_URL: process.env.DATABASE_URL,
    NATS_URL: nats.url,
    INTERNAL_TOKEN_SECRET: 'a-secret-for-this-test',
    FIXTURE_SCHEMA: schema,
    FIXTURE_SETTING: 'set',
    FIXTURE_PEER_URL: `http://127.0.0.1:${peerPort}`,
  });
  const start = (extra: NodeJS.ProcessEnv, args: string[] = []) => {
    const started = runFixture(extra, args);
    running.push(started);
    return started;
  };
  const startPeer = () =>
    new Promise<void>((resolve) => {
      peer = createServer((_req, res) => res.end('ok'));
      peer.listen(peerPort, '127.0.0.1', resolve);
    });

  beforeAll(async () => {
    nats = await startNatsServer();
    knex = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
    peer = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => peer!.listen(0, '127.0.0.1', resolve));
    peerPort = (peer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const child of running) child.child.kill('SIGKILL');
    peer?.close();
    await knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await knex.destroy();
    await nats.dispose();
  });

  it('refuses to start without its configuration, naming every missing variable at once and no stack', async () => {
    const bare = start({ FIXTURE_PEER_URL: '' });
    expect(await bare.exited).toBe(1);
    expect(bare.output()).toContain(
      'svc-fixture cannot start: svc-fixture needs DATABASE_URL, NATS_URL, INTERNAL_TOKEN_SECRET, FIXTURE_SETTING and FIXTURE_PEER_URL: set them in the environment',
    );
    expect(bare.output()).not.toMatch(/^\s+at /m);

    const migrateAlone = start({}, ['migrate']);
    expect(await migrateAlone.exited).toBe(1);
    expect(migrateAlone.output()).toContain('svc-fixture migrate needs DATABASE_URL');
  });

  it('waits for its schema instead of migrating, and serves once the migrate commands ran', async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    service = start({ ...env(), PORT: String(port), SHUTDOWN_DELAY_MS: '1500' });
    await waitUntil(() => service.output().includes('waiting for 1 migration(s) of schema'), 30_000);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    expect(await tableExists('things')).toBe(false);

    // Three replicas' migration jobs at once: one migrates, the others wait for it and find nothing to do.
    const startAt = String(Date.now() + 5_000);
    const jobs = [1, 2, 3].map(() => start({ ...env(), FIXTURE_MIGRATION_MS: '1000', FIXTURE_START_AT: startAt }, ['migrate']));
    const codes = await Promise.all(jobs.map((job) => job.exited));
    expect({ codes, output: jobs.map((job) => job.output()).join('') }).toEqual({ codes: [0, 0, 0], output: expect.not.stringContaining('already exists') });
    expect(await knex.withSchema(schema).from('knex_migrations').pluck('name')).toEqual(['001_things']);

    await waitForStatus(`${origin}/readyz`, 200, 30_000);
    expect(await (await fetch(`${origin}/slow?ms=1`)).json()).toEqual({ rows: { count: 0 } });
  }, 60_000);

  it('is not ready while NATS is away or a peer it needs does not answer', async () => {
    await nats.stop();
    await waitForStatus(`${origin}/readyz`, 503, 10_000);
    expect((await (await fetch(`${origin}/readyz`)).json()) as object).toMatchObject({ code: 'NOT_READY', details: { failing: ['event bus'] } });
    await nats.restart();
    await waitForStatus(`${origin}/readyz`, 200, 15_000);

    await new Promise((resolve) => peer!.close(resolve));
    expect((await (await fetch(`${origin}/readyz`)).json()) as object).toMatchObject({ details: { failing: ['FIXTURE_PEER_URL'] } });
    await startPeer();
    await waitForStatus(`${origin}/readyz`, 200, 5_000);
  }, 40_000);

  it('on SIGTERM answers not ready, finishes the requests in flight, ends live streams, then exits', async () => {
    const live = await fetch(`${origin}/live`);
    const reader = live.body!.getReader();
    await reader.read();
    const slow = fetch(`${origin}/slow?ms=2500`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    service.child.kill('SIGTERM');
    await waitForStatus(`${origin}/readyz`, 503, 1_000);
    expect((await (await fetch(`${origin}/readyz`)).json()) as object).toMatchObject({ details: { failing: ['shutting down'] } });
    // Still serving while load balancers notice (SHUTDOWN_DELAY_MS).
    expect((await fetch(`${origin}/slow?ms=1`)).status).toBe(200);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ rows: { count: 0 } });
    // The stream ends as a stream does (EventSource then reconnects), not with a cut connection.
    let ended: Awaited<ReturnType<typeof reader.read>>;
    do ended = await reader.read();
    while (!ended.done);
    expect(await service.exited).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  }, 30_000);

  async function tableExists(table: string): Promise<boolean> {
    const found = await knex.raw<{ rows: { name: string | null }[] }>('SELECT to_regclass(?) AS name', [`${schema}.${table}`]);
    return found.rows[0]?.name != null;
  }
});

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
