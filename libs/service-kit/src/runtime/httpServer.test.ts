import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from './httpServer.js';

describe('createHttpServer', () => {
  it('keeps an idle kept-alive connection open longer than Node would (5 s and a grace second), so a client reusing it is not reset', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<{ body: string; socketReused: boolean }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ body, socketReused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await ask()).toEqual({ body: 'ok', socketReused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      // The same connection answers again: the server did not close it while it idled.
      expect(await ask()).toEqual({ body: 'ok', socketReused: true });
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);
});
