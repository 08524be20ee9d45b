import { createServer, get, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ReplicaBalancer {
  close(): Promise<void>;
}

export interface ReplicaBalancerOptions {
  host: string;
  port: number;
  /** Each replica's base URL: `http://127.0.0.1:3141`. */
  replicas: readonly string[];
  /** How often each replica's /readyz is asked. */
  checkEveryMs?: number;
  /** How long a request waits for some replica to be ready before it is answered 503. */
  waitForReadyMs?: number;
}

/** Kubernetes' readiness probe defaults: timeoutSeconds 1, failureThreshold 3. */
const PROBE_TIMEOUT_MS = 1_000;
const PROBE_FAILURES = 3;

/** Headers of one connection only (RFC 9110 §7.6.1); the balancer opens its own to the replica. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const withoutHopHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * What a Kubernetes Service does for the replicas of one process in the distributed mode
 * (REPLICAS, infra/launch/src/distributed.ts): each request goes to the next replica whose
 * /readyz answers 200, so one that is starting, or draining after SIGTERM, gets no new
 * requests; one slow to answer its probe stays in until it misses three. Each request opens a connection of its own, so a replica that closes its port
 * refuses the connection before anything reached it, and the request goes to another.
 */
export async function startReplicaBalancer(options: ReplicaBalancerOptions): Promise<ReplicaBalancer> {
  const { replicas, checkEveryMs = 250, waitForReadyMs = 30_000 } = options;
  const ready = replicas.map(() => false);
  /** Probes in a row that got no answer in time, per replica. */
  const unanswered = replicas.map(() => 0);
  // A replica that answers not ready, or whose port is closed, is out at once; one that is slow to
  // answer (a busy machine, a full connection pool) only after PROBE_FAILURES probes in a row, as
  // a Kubernetes readiness probe counts its failureThreshold.
  const noAnswer = (index: number, err?: NodeJS.ErrnoException) => {
    unanswered[index] = (unanswered[index] ?? 0) + 1;
    if (err?.code === 'ECONNREFUSED' || unanswered[index]! >= PROBE_FAILURES) ready[index] = false;
  };
  let turn = 0;
  let closed = false;
  const closing = new AbortController();

  const checkAll = () =>
    Promise.all(
      replicas.map(
        (url, index) =>
          new Promise<void>((resolve) => {
            const probe = get(`${url}/readyz`, { agent: false, timeout: PROBE_TIMEOUT_MS }, (res) => {
              ready[index] = res.statusCode === 200;
              unanswered[index] = 0;
              res.resume();
              resolve();
            });
            probe.on('timeout', () => probe.destroy());
            probe.on('error', (err: NodeJS.ErrnoException) => {
              noAnswer(index, err);
              resolve();
            });
          }),
      ),
    );
  await checkAll();
  const checking = (async () => {
    while (!closed) {
      await sleep(checkEveryMs, undefined, { signal: closing.signal }).catch(() => undefined);
      if (!closed) await checkAll();
    }
  })();

  async function pick(tried: ReadonlySet<number>, deadline: number): Promise<number | undefined> {
    while (!closed && Date.now() < deadline) {
      for (let step = 0; step < replicas.length; step++) {
        const index = (turn + step) % replicas.length;
        if (ready[index] && !tried.has(index)) {
          turn = index + 1;
          return index;
        }
      }
      await sleep(50);
    }
    return undefined;
  }

  async function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const tried = new Set<number>();
    const deadline = Date.now() + waitForReadyMs;
    for (;;) {
      const index = await pick(tried, deadline);
      if (index === undefined) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No replica is ready' }));
        return;
      }
      tried.add(index);
      const refused = await new Promise<boolean>((resolve) => {
        const target = new URL(req.url ?? '/', replicas[index]);
        const upstream = request(
          target,
          { method: req.method, headers: { ...withoutHopHeaders(req.headers), connection: 'close' }, agent: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
            answer.pipe(res);
            // A replica that dies mid-answer (a live stream when it is killed) breaks the client's connection too, as it would without a balancer.
            answer.once('close', () => {
              if (!answer.complete) res.destroy();
            });
            resolve(false);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            ready[index] = false;
            resolve(true);
            return;
          }
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The replica did not answer' }));
          else res.destroy();
          resolve(false);
        });
        // A browser that leaves (a live stream closed) ends the replica's side too.
        res.once('close', () => upstream.destroy());
        upstream.end(body);
      });
      if (!refused) return;
      // Nothing of the request reached that replica: another may take it.
      if (tried.size === replicas.length) tried.clear();
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void forward(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });

  return {
    async close() {
      closed = true;
      closing.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await checking;
    },
  };
}
