import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type Database, type ServiceModule } from '@printpool/service-kit';
import { createTestDatabase } from '@printpool/service-kit/testing';
import { startAllInOne, type AllInOne } from '../../src/allInOne.js';

export interface RunningProduct {
  port: number;
  origin: string;
  product: AllInOne;
  stop(): Promise<void>;
}

/**
 * The all-in-one product (infra/launch/src/allInOne.ts, what `npm start` runs) on an ephemeral
 * port: each service on a schema of its own on DATABASE_URL's PostgreSQL (dropped afterwards),
 * in-memory PGlite without it; the QBO sandbox and the dev mailbox in process.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'printpool-fuzz-'));
  const secret = () => randomBytes(32).toString('hex');
  const processEnv: NodeJS.ProcessEnv = { ...process.env };
  // The sandbox, the dev mailbox and the in-process bus, whatever the machine configures.
  for (const name of ['QBO_CLIENT_ID', 'SMTP_URL', 'NATS_URL', 'WEB_ROOT', 'PUBLIC_ORIGIN']) delete processEnv[name];
  // Embedded PGlite databases are opened one after another: started together on a busy machine, their start-up outlasts knex's wait for a connection.
  const opened: Database[] = [];
  let opening: Promise<unknown> = Promise.resolve();
  const openDatabase = (module: ServiceModule) => {
    const next = opening.then(async () => {
      const db = await createTestDatabase(module.migrations);
      opened.push(db);
      return db;
    });
    opening = process.env.DATABASE_URL ? Promise.resolve() : next.catch(() => undefined);
    return next;
  };
  let product: AllInOne;
  try {
    product = await startAllInOne({
      // QBO_CATCH_UP_MINUTES: a scheduled sync would change the reads fingerprinted before and after the fuzzing.
      env: { ...processEnv, ATTACHMENTS_DIR: path.join(dataDir, 'attachments'), QBO_CATCH_UP_MINUTES: '0', ...env },
      logger: createLogger('fuzz', process.env.TEST_LOG_LEVEL ?? 'silent'),
      secrets: { internalTokenSecret: secret(), qboTokenKey: secret(), sandboxAdminToken: secret() },
      publicOrigin: origin,
      dataDir,
      openDatabase,
    });
  } catch (error) {
    // Nothing may keep the test process alive after a failed start.
    await opening.catch(() => undefined);
    await Promise.allSettled(opened.map((db) => db.close()));
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  server.on('request', product.listener);
  return {
    port,
    origin,
    product,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
