import type { Server, ServerResponse } from 'node:http';

export interface HttpDrain {
  /** True once draining started: readiness answers 503 from then on. */
  readonly draining: boolean;
  /** Marks the process as draining; it goes on accepting and serving requests until finish(). */
  begin(): void;
  /**
   * Stops accepting connections and waits until every request in flight has been answered, or
   * `timeoutMs` has passed, then closes what is left. Requests that still arrive on an open
   * keep-alive connection are served and told to close it, so their client reconnects elsewhere.
   */
  finish(timeoutMs: number): Promise<{ unfinished: number }>;
}

/**
 * Follows the requests `server` is answering. Call before the app's request listener is added,
 * so a request that arrives while draining is marked before the app answers it.
 */
export function trackRequests(server: Server): HttpDrain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) res.setHeader('Connection', 'close');
  });

  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
    async finish(timeoutMs) {
      draining = true;
      // Node also closes the idle keep-alive connections here; busy ones close after their answer.
      server.close();
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        server.closeIdleConnections();
      }
      const unfinished = inFlight.size;
      server.closeAllConnections();
      return { unfinished };
    },
  };
}
