import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { ServiceApp } from '../src/index.js';

/** What a logger wrote, one parsed JSON line each: hand `destination` to createLogger. */
export function logLines() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

/** Apps served on loopback ports for a suite, closed together by `close` (in its afterAll). */
export function loopbackServers() {
  const servers: Server[] = [];
  return {
    async listen(app: ServiceApp): Promise<string> {
      const server = createServer(app.callback());
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}
