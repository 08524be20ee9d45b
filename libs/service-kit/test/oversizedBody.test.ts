import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRouter, createServiceApp } from '../src/http/app.js';
import { createLogger } from '../src/logger.js';
import { sendLargeBody } from '../src/testing/sendLargeBody.js';

let server: Server;
let url: string;
beforeAll(async () => {
  const router = createRouter('/api');
  router.post('/notes', (ctx) => {
    ctx.status = 201;
  });
  server = createServer(createServiceApp({ name: 'test', logger: createLogger('test', 'silent'), publicRouters: [router] }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/notes`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a body over the limit', () => {
  it('is answered 413 with its JSON error, never a reset, however much more the client sends', async () => {
    for (const megabytes of [2, 48, 96]) {
      const answer = await sendLargeBody(url, megabytes << 20);
      expect(answer).toMatchObject({ status: 413 });
      expect(JSON.parse(answer.body!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });
});
