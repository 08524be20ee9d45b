import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long a kept-alive connection may idle before the server closes it. Node's 5 s is shorter
 * than what browsers, HTTP clients and load balancers keep one for (nginx and cloud balancers 60
 * s), so a request sent on a connection just as the server closed it failed with ECONNRESET.
 * Outliving the client's idle time leaves the closing to the client, which never races itself.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server every PrintPool process listens with. */
export function createHttpServer(listener?: RequestListener): Server {
  const server = listener ? createServer(listener) : createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a request's headers arriving late on an idle connection are cut.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
