import type { Server } from 'node:http';
import { envString } from '../config.js';
import { PROCESS_SETTINGS } from '../config/processSettings.js';
import { ConfigurationError, requireVariables } from '../config/required.js';
import { createDatabase, type Database } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import { createNatsBus } from '../events/natsBus.js';
import { streamLimitsFromEnv } from '../events/streamRetention.js';
import { trackRequests } from '../lifecycle/httpDrain.js';
import { processReadiness, readinessGate } from '../lifecycle/readiness.js';
import { createLogger, type Logger } from '../logger.js';
import { migrateWithLock } from '../migrate/migrationLock.js';
import { waitForSchema } from '../migrate/schemaWait.js';
import { createHttpServer } from './httpServer.js';
import type { ServiceInstance, ServiceModule } from './serviceModule.js';
import { startTelemetry } from '../telemetry/tracing.js';

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
  acceptedInternalTokenSecrets?: readonly string[];
  /** Embedded PGlite data directory for this service when no DATABASE_URL is set. */
  dataDir?: string;
  /** An open database to use instead of one from DATABASE_URL / dataDir (tests: a schema of their own). */
  db?: Database;
  /** Migrate the schema first (default): the all-in-one mode and tests. The distributed mode's processes only wait for it. */
  migrate?: boolean;
}

/** Opens the service's database, migrates it, creates the service and starts its consumers. */
export async function startService(module: ServiceModule, options: StartServiceOptions): Promise<StartedService> {
  const logger = options.logger ?? createLogger(module.name);
  const url = PROCESS_SETTINGS.optional(options.env, 'DATABASE_URL');
  const db =
    options.db ??
    createDatabase({
      schema: module.schema,
      migrations: module.migrations,
      url,
      dataDir: url ? undefined : options.dataDir,
    });
  if (options.migrate !== false) await migrateWithLock(db);
  const instance = await module.create({
    db,
    bus: options.bus,
    logger,
    internalTokenSecret: options.internalTokenSecret,
    acceptedInternalTokenSecrets: options.acceptedInternalTokenSecrets,
    env: options.env,
  });
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

/** What every process of the distributed mode needs, whatever the service. */
export const DISTRIBUTED_ENV = ['DATABASE_URL', 'NATS_URL', 'INTERNAL_TOKEN_SECRET'] as const;

/**
 * Entry point of a service deployed as its own process (the distributed mode, one container):
 * `node dist/main.js` serves, `node dist/main.js migrate` brings the schema up to date and exits
 * (the migration job). Configuration comes from the environment alone, with no embedded
 * fallbacks: a missing variable stops the process at once, naming every one that is missing.
 */
export async function runServiceMain(
  module: ServiceModule,
  env: NodeJS.ProcessEnv = process.env,
  args: readonly string[] = process.argv.slice(2),
): Promise<Server | undefined> {
  try {
    if (args[0] === 'migrate') {
      await migrateMain(module, env);
      return undefined;
    }
    return await serveMain(module, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(`${module.name} cannot start: ${error.message}\n`);
    process.exit(1);
  }
}

/** Runs the service's migrations under the schema's advisory lock (migrationLock.ts) and exits. */
async function migrateMain(module: ServiceModule, env: NodeJS.ProcessEnv): Promise<void> {
  requireVariables(env, ['DATABASE_URL'], `${module.name} migrate`);
  const logger = createLogger(module.name);
  const db = createDatabase({ schema: module.schema, migrations: module.migrations, url: env.DATABASE_URL, pool: { min: 0, max: 2 } });
  try {
    await migrateWithLock(db);
    logger.info({ schema: module.schema, migrations: module.migrations.length }, 'schema is up to date');
  } finally {
    await db.close();
  }
}

async function serveMain(module: ServiceModule, env: NodeJS.ProcessEnv): Promise<Server> {
  requireVariables(env, [...DISTRIBUTED_ENV, ...(module.requiredEnv ?? []), ...(module.peers ?? [])], module.name);
  const port = PROCESS_SETTINGS.number(env, 'PORT');
  const drainTimeoutMs = PROCESS_SETTINGS.number(env, 'DRAIN_TIMEOUT_MS');
  const shutdownDelayMs = PROCESS_SETTINGS.number(env, 'SHUTDOWN_DELAY_MS');
  const schemaWaitMs = PROCESS_SETTINGS.number(env, 'SCHEMA_WAIT_MS');
  const logger = createLogger(module.name);
  // Before anything is served: spans go out by OTLP when the environment names an endpoint (docs/architecture.md §8).
  const telemetry = startTelemetry({ serviceName: module.name, env });
  const bus = await createNatsBus({ servers: PROCESS_SETTINGS.string(env, 'NATS_URL'), name: module.name, logger, streamLimits: streamLimitsFromEnv(env) });
  const db = createDatabase({ schema: module.schema, migrations: module.migrations, url: PROCESS_SETTINGS.string(env, 'DATABASE_URL') });
  await waitForSchema(db, module.migrations, { logger, timeoutMs: schemaWaitMs });
  const started = await startService(module, {
    env,
    bus,
    logger,
    internalTokenSecret: PROCESS_SETTINGS.string(env, 'INTERNAL_TOKEN_SECRET'),
    acceptedInternalTokenSecrets: PROCESS_SETTINGS.list(env, 'INTERNAL_TOKEN_ACCEPTED_SECRETS'),
    db,
    migrate: false,
  });

  const server = createHttpServer();
  const requests = trackRequests(server);
  const peers = Object.fromEntries((module.peers ?? []).map((variable) => [variable, envString(env, variable)]));
  const failing = processReadiness({ name: module.name, draining: () => requests.draining, bus, peers });
  server.on('request', readinessGate(module.name, failing, started.instance.app.callback()));
  await new Promise<void>((resolve) => server.listen(port, PROCESS_SETTINGS.string(env, 'HOST'), resolve));
  logger.info({ port: (server.address() as { port: number }).port }, `${module.name} listening`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on, still serving for SHUTDOWN_DELAY_MS while load balancers notice
    // (Kubernetes: the preStop hook waits instead); then no new connections, and what is in
    // flight is answered before anything closes.
    logger.info({ signal }, 'draining');
    requests.begin();
    if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
    const draining = requests.finish(drainTimeoutMs);
    await started.instance.endLongLivedAnswers?.();
    const { unfinished } = await draining;
    if (unfinished > 0) logger.warn({ unfinished }, `requests still open after ${drainTimeoutMs} ms were cut`);
    await started.stop();
    await bus.close();
    await telemetry.shutdown().catch((err: unknown) => logger.warn({ err }, 'could not send the last spans'));
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
