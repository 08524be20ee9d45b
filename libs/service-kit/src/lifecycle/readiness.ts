import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { EventBus } from '../events/bus.js';

export interface ProcessReadinessOptions {
  name: string;
  /** True while the process drains for its exit. */
  draining: () => boolean;
  bus: EventBus;
  /** Base URLs of the services this one cannot serve without, by the variable that names each. */
  peers: Readonly<Record<string, string>>;
  /** How long a peer may take to answer (default 1 s). */
  peerTimeoutMs?: number;
}

/**
 * What a process of the distributed mode needs beyond its app's own check (the database): not
 * shutting down, the broker answering, and each required peer's process answering. A peer is
 * asked for `/healthz`, not `/readyz`: one service's database blip must not take every service
 * that calls it out of its load balancer as well.
 */
export function processReadiness(options: ProcessReadinessOptions): () => Promise<string[]> {
  const timeout = options.peerTimeoutMs ?? 1_000;
  return async () => {
    if (options.draining()) return ['shutting down'];
    const checks: Promise<string | undefined>[] = [
      (options.bus.ping?.(timeout) ?? Promise.resolve()).then(
        () => undefined,
        () => 'event bus',
      ),
      ...Object.entries(options.peers).map(async ([variable, base]) => {
        try {
          const res = await fetch(new URL('/healthz', base), { signal: AbortSignal.timeout(timeout) });
          await res.body?.cancel();
          return res.ok ? undefined : variable;
        } catch {
          return variable;
        }
      }),
    ];
    return (await Promise.all(checks)).filter((failing): failing is string => failing !== undefined);
  };
}

/**
 * Answers `GET /readyz` with 503 while a process-level check fails, naming what fails; passes it
 * on to the app (which checks the database) otherwise. Every other request goes straight on.
 */
export function readinessGate(name: string, failing: () => Promise<string[]>, listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/readyz') return listener(req, res);
    void failing().then(
      (names) => {
        if (names.length === 0) return listener(req, res);
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ status: 'not ready', service: name, message: 'Service Unavailable', code: 'NOT_READY', details: { failing: names } }));
      },
      () => listener(req, res),
    );
  };
}
