import { createServer, type AddressInfo, type Socket } from 'node:net';
import { signedInAgent, startGateway } from './support/gateway.js';

describe('a forwarded call to a service that takes it and never answers', () => {
  it('answers 504 naming the service once it has been silent for UPSTREAM_TIMEOUT_MS', async () => {
    const connections: Socket[] = [];
    const hung = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const gateway = await startGateway({ upstreamTimeoutMs: 300 }, { services: { inventory: `http://127.0.0.1:${(hung.address() as AddressInfo).port}` } });
    try {
      const agent = await signedInAgent(gateway, 'hung-service@example.com');
      const started = Date.now();
      const res = await agent.get('/api/items').expect(504);
      expect(res.body).toEqual({ message: 'inventory did not answer within 300 ms', code: 'GATEWAY_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await gateway.close();
      for (const socket of connections) socket.destroy();
      hung.close();
    }
  });
});
