import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { envNumber, envOptional, envString } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import { createInProcessBus } from '../events/inProcessBus.js';
import { createNatsBus } from '../events/natsBus.js';
import { streamLimitsFromEnv } from '../events/streamRetention.js';
import { createLogger, type Logger } from '../logger.js';
import type { ServiceInstance, ServiceModule } from './serviceModule.js';

export interface StartedService {
  module: ServiceModule;
  instance: ServiceInstance;
  db: Database;
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  env: NodeJS.ProcessEnv;
  bus: EventBus;
  logger?: Logger;
  internalTokenSecret: string;
  /** Embedded PGlite data directory for this service when no DATABASE_URL is set. */
  dataDir?: string;
  /** An open database to use instead of one from DATABASE_URL / dataDir (tests: a schema of their own). */
  db?: Database;
}

/** Opens the service's database, migrates it, creates the service and starts its consumers. */
export async function startService(module: ServiceModule, options: StartServiceOptions): Promise<StartedService> {
  const logger = options.logger ?? createLogger(module.name);
  const url = envOptional(options.env, 'DATABASE_URL');
  const db =
    options.db ??
    createDatabase({
      schema: module.schema,
      migrations: module.migrations,
      url,
      dataDir: url ? undefined : options.dataDir,
    });
  await db.migrate();
  const instance = await module.create({ db, bus: options.bus, logger, internalTokenSecret: options.internalTokenSecret, env: options.env });
  await instance.start?.();
  return {
    module,
    instance,
    db,
    async stop() {
      await instance.stop?.();
      await db.close();
    },
  };
}

/** The bus a process uses: NATS JetStream when NATS_URL is set, in-process otherwise. */
export async function createBusFromEnv(env: NodeJS.ProcessEnv, name: string, logger: Logger): Promise<EventBus> {
  const servers = envOptional(env, 'NATS_URL');
  if (servers) return createNatsBus({ servers, name, logger, streamLimits: streamLimitsFromEnv(env) });
  logger.warn('NATS_URL is not set: events stay inside this process');
  return createInProcessBus();
}

/**
 * Entry point of a service deployed as its own process: configuration from the
 * environment, graceful shutdown on SIGTERM/SIGINT.
 */
export async function runServiceMain(module: ServiceModule, env: NodeJS.ProcessEnv = process.env): Promise<Server> {
  const logger = createLogger(module.name);
  const port = envNumber(env, 'PORT', 0);
  const bus = await createBusFromEnv(env, module.name, logger);
  const started = await startService(module, {
    env,
    bus,
    logger,
    internalTokenSecret: envString(env, 'INTERNAL_TOKEN_SECRET'),
    dataDir: path.join(envString(env, 'DATA_DIR', '.data'), module.schema),
  });
  const server = createServer(started.instance.app.callback());
  await new Promise<void>((resolve) => server.listen(port, envString(env, 'HOST', '127.0.0.1'), resolve));
  logger.info({ port: (server.address() as { port: number }).port }, `${module.name} listening`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    await started.stop();
    await bus.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
