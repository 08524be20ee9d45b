import type { Database, Migration } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { ServiceApp } from '../http/app.js';
import type { Logger } from '../logger.js';

/** What a launcher hands a service: its own database, the shared bus, and its configuration. */
export interface ServiceContext {
  db: Database;
  bus: EventBus;
  logger: Logger;
  internalTokenSecret: string;
  env: NodeJS.ProcessEnv;
}

export interface ServiceInstance {
  app: ServiceApp;
  /** Starts consumers and relays; called after migrations, before traffic. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/**
 * A deployable service as launchers see it. The all-in-one and distributed launchers run the
 * same module; only how the database, bus and HTTP listener are provided differs.
 */
export interface ServiceModule {
  name: string;
  /** The Postgres schema the service owns; no other service reads it. */
  schema: string;
  migrations: Migration[];
  create(context: ServiceContext): ServiceInstance | Promise<ServiceInstance>;
}
