import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MemberRole } from '@printpool/contracts';
import { createLogger, INTERNAL_TOKEN_HEADER, signInternalToken, type ServiceInstance } from '@printpool/service-kit';
import { contractCheckedBus, createTestBus, createTestDatabase, expectRecordedEventsKeepContracts } from '@printpool/service-kit/testing';
import { documentsService } from '../../src/index.js';
import { startInventoryPeer, type InventoryPeer } from './inventoryPeer.js';

export const SECRET = 'test-internal-secret';

export interface Harness {
  url: string;
  inventory: InventoryPeer;
  attachmentsDir: string;
  instance: ServiceInstance;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  bus: Awaited<ReturnType<typeof createTestBus>>;
  /**
   * fetch() against the service as a member of `tenantId` (an owner unless `role` says otherwise), with the
   * gateway's internal token, or with `callingService`'s when named (internal routes need that).
   */
  call(tenantId: string, pathname: string, init?: RequestInit, callingService?: string, role?: MemberRole): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The documents service as a launcher runs it (real database, bus, HTTP listener), pointed at
 * a real inventory peer and at `smtpUrl`. Mail retries are quick so failure tests stay fast.
 */
export async function startHarness(smtpUrl: string, env: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const db = await createTestDatabase(documentsService.migrations);
  const bus = await createTestBus();
  const inventory = await startInventoryPeer(SECRET);
  const attachmentsDir = await mkdtemp(path.join(tmpdir(), 'pp-attachments-'));
  const instance = await documentsService.create({
    db,
    bus,
    logger: createLogger('svc-documents-test', 'silent'),
    internalTokenSecret: SECRET,
    env: {
      INVENTORY_URL: inventory.url,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Broker <pt@broker.test>',
      MAIL_RETRY_BASE_MS: '20',
      ATTACHMENTS_DIR: attachmentsDir,
      ...env,
    },
  });
  await instance.start?.();
  const server: Server = createServer(instance.app.callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    inventory,
    attachmentsDir,
    instance,
    db,
    // The accounting and settings events a test publishes are held to their contracts: ones svc-sync and the gateway could send.
    bus: contractCheckedBus(bus),
    call: async (tenantId, pathname, init = {}, callingService, role = 'owner') =>
      fetch(`${url}${pathname}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          [INTERNAL_TOKEN_HEADER]: await signInternalToken({ tenantId, userId: 'user-1', role }, SECRET, { service: callingService }),
        },
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await instance.stop?.();
      await inventory.close();
      await bus.close();
      // Every e-mail outcome the suite's sends announced is one its consumers can read (libs/contracts).
      try {
        await expectRecordedEventsKeepContracts(db);
      } finally {
        await db.close();
        await rm(attachmentsDir, { recursive: true, force: true });
      }
    },
  };
}

export const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
