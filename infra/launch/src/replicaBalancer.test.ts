import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReplicaBalancer, type ReplicaBalancer } from './replicaBalancer.js';

/** A replica that answers which one it is, and the body it was sent; `slowMs` delays its readiness answer. */
async function replica(name: string, state: { ready: boolean; slowMs?: number }): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/readyz') {
      const answer = () => res.writeHead(state.ready ? 200 : 503).end();
      if (state.slowMs) setTimeout(answer, state.slowMs);
      else answer();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, body, method: req.method, path: req.url })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const freePort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

describe('the replica balancer', () => {
  let balancer: ReplicaBalancer | undefined;
  const servers: Server[] = [];
  afterEach(async () => {
    await balancer?.close();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  async function start(states: { ready: boolean; slowMs?: number }[], checkEveryMs = 20) {
    const started = await Promise.all(states.map((state, index) => replica(`r${index + 1}`, state)));
    servers.push(...started.map((r) => r.server));
    const port = await freePort();
    balancer = await startReplicaBalancer({ host: '127.0.0.1', port, replicas: started.map((r) => r.url), checkEveryMs });
    const ask = async (method = 'GET', body?: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/things?x=1`, { method, body });
      return { status: res.status, ...((await res.json()) as { name: string; body: string; path: string; method: string }) };
    };
    return { started, ask };
  }

  it('sends requests to each ready replica in turn, path, method and body unchanged', async () => {
    const { ask } = await start([{ ready: true }, { ready: true }]);
    const answers = [await ask('POST', '{"a":1}'), await ask('POST', '{"a":2}'), await ask()];
    expect(answers.map((a) => a.name)).toEqual(['r1', 'r2', 'r1']);
    expect(answers[1]).toEqual({ status: 200, name: 'r2', body: '{"a":2}', method: 'POST', path: '/api/things?x=1' });
  });

  it('sends nothing to a replica that answers not ready, and resumes once it is ready again', async () => {
    const second = { ready: false };
    const { ask } = await start([{ ready: true }, second]);
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await ask()).name);
    expect(names).toEqual(['r1', 'r1', 'r1', 'r1']);
    second.ready = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = new Set<string>();
    for (let i = 0; i < 4; i++) later.add((await ask()).name);
    expect([...later].sort()).toEqual(['r1', 'r2']);
  });

  it('keeps a ready replica that is slow to answer a probe, as a readiness probe allows three misses', async () => {
    const second: { ready: boolean; slowMs?: number } = { ready: true };
    const { ask } = await start([{ ready: true }, second]);
    // Busy: its next probes go unanswered past the probe's timeout, for less time than three take.
    second.slowMs = 1_500;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const names = new Set<string>();
    for (let i = 0; i < 4; i++) names.add((await ask()).name);
    expect([...names].sort()).toEqual(['r1', 'r2']);
  });

  it('gives a request a replica refused at connect to another one, body and all', async () => {
    // Readiness is asked once only here: the balancer still counts the first replica ready when it is gone.
    const { started, ask } = await start([{ ready: true }, { ready: true }], 60_000);
    // The first replica closes its port between two readiness checks, as a process that was killed.
    await new Promise((resolve) => started[0]!.server.close(resolve));
    servers.shift();
    const answers = [await ask('POST', 'one'), await ask('POST', 'two')];
    expect(answers.map((a) => [a.name, a.body])).toEqual([
      ['r2', 'one'],
      ['r2', 'two'],
    ]);
  });

  it('breaks the connection of an answer its replica dies in the middle of, so the client notices', async () => {
    const streaming = createServer((req, res) => {
      if (req.url === '/readyz') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': connected\n\n');
      // The replica is killed mid-stream.
      setTimeout(() => req.socket.destroy(), 50);
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    servers.push(streaming);
    const port = await freePort();
    balancer = await startReplicaBalancer({ host: '127.0.0.1', port, replicas: [`http://127.0.0.1:${(streaming.address() as AddressInfo).port}`] });
    const res = await fetch(`http://127.0.0.1:${port}/api/live`);
    await expect(res.text()).rejects.toThrow();
  });
});
