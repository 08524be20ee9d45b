import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  status: number;
  body?: string;
  statusText?: string;
  headers?: Record<string, string>;
}

export interface ApiServer {
  url: (path: string) => string;
  requests: { method: string; path: string; contentType: string | undefined; body: string; idempotencyKey: string | undefined; ifMatch: string | undefined }[];
  close: () => Promise<void>;
}

/** A real HTTP server answering fixed responses by path (`routes`, else `defaults`), recording what it received. */
export async function startApiServer(routes: Record<string, Route>, defaults: Record<string, Route> = {}): Promise<ApiServer> {
  const requests: ApiServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({
        method: req.method ?? 'GET',
        path,
        contentType: req.headers['content-type'],
        body,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        ifMatch: req.headers['if-match'],
      });
      const route = routes[path] ?? defaults[path] ?? { status: 404, body: 'Not Found' };
      res.statusCode = route.status;
      if (route.statusText) res.statusMessage = route.statusText;
      for (const [name, value] of Object.entries(route.headers ?? {})) res.setHeader(name, value);
      res.end(route.body ?? '');
    });
  });
  // Idle connections stay open until the client drops them: a server-side timeout can close a
  // socket just as fetch reuses it, and that request then fails with ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
