import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { startDevMailbox, type DevMailbox } from '@printpool/svc-documents';
import type { Logger } from '@printpool/service-kit';

export interface DevMailboxServer {
  mailbox: DevMailbox;
  /** Where a developer (or a browser test) reads the mailbox: `${url}/dev/mailbox`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The dev mailbox with its pages on a loopback port of their own: in the distributed mode no
 * process serves both the gateway and the mailbox, and the gateway must not route to it
 * (the mailbox has no authentication).
 */
export async function startDevMailboxServer({ host, port, logger }: { host: string; port: number; logger: Logger }): Promise<DevMailboxServer> {
  const mailbox = await startDevMailbox({ port: 0, logger });
  const server: Server = createServer(new Koa().use(mailbox.router.routes()).callback());
  try {
    server.listen(port, host);
    await once(server, 'listening');
  } catch (error) {
    await mailbox.close();
    throw error;
  }
  return {
    mailbox,
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailbox.close();
    },
  };
}
