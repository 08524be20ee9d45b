import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  status: number;
  body?: string;
  statusText?: string;
}

export interface ApiServer {
  url: (path: string) => string;
  requests: { method: string; path: string; contentType: string | undefined; body: string }[];
  close: () => Promise<void>;
}

/** A real HTTP server answering fixed responses by path, recording what it received. */
export async function startApiServer(routes: Record<string, Route>): Promise<ApiServer> {
  const requests: ApiServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, contentType: req.headers['content-type'], body });
      const route = routes[path] ?? { status: 404, body: 'Not Found' };
      res.statusCode = route.status;
      if (route.statusText) res.statusMessage = route.statusText;
      res.end(route.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
