import { createServer } from 'node:http';
import { createBusFromEnv, createLogger } from '@printpool/service-kit';
import { createGatewayService } from './app.js';
import { loadGatewayConfig } from './config.js';
import { openGatewayDatabase } from './db/database.js';

/** The gateway as its own process (distributed mode): `node svc-gateway/dist/main.js`. */
async function main(): Promise<void> {
  const logger = createLogger('gateway');
  const config = loadGatewayConfig(process.env);
  const db = openGatewayDatabase(config);
  await db.migrate();
  const bus = await createBusFromEnv(process.env, 'gateway', logger);
  const gateway = createGatewayService({ db, bus, config, logger });

  const server = createServer(gateway.app.callback());
  const host = process.env.HOST || '0.0.0.0';
  await new Promise<void>((resolve) => server.listen(config.port, host, resolve));
  logger.info({ port: config.port, host, devLogin: config.devLogin, oidc: Boolean(config.oidc), web: Boolean(config.web) }, 'gateway listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await gateway.close();
    await bus.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  createLogger('gateway').fatal({ err: error }, 'gateway failed to start');
  process.exit(1);
});
