import { createConnection } from 'node:net';
import { once } from 'node:events';
import { expect, it } from '@jest/globals';
import { createLogger } from '@printpool/service-kit';
import { startDevMailboxServer } from './devMailboxServer.js';

it('serves the mailbox pages on their own port and frees both ports when closed', async () => {
  const server = await startDevMailboxServer({ host: '127.0.0.1', port: 0, logger: createLogger('mailbox-test', 'silent') });
  const page = await fetch(`${server.url}/dev/mailbox`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Dev mailbox');
  const json = await fetch(`${server.url}/dev/mailbox.json`);
  expect(await json.json()).toEqual([]);

  await server.close();
  await expect(fetch(`${server.url}/dev/mailbox`)).rejects.toThrow();
  const smtp = createConnection(server.mailbox.port, '127.0.0.1');
  const [error] = (await once(smtp, 'error')) as [NodeJS.ErrnoException];
  expect(error.code).toBe('ECONNREFUSED');
});
