import type { Database, Migration } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { ServiceApp } from '../http/app.js';
import type { Logger } from '../logger.js';

/** What a launcher hands a service: its own database, the shared bus, and its configuration. */
export interface ServiceContext {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Signs this service's calls and verifies those it receives (INTERNAL_TOKEN_SECRET). */
  internalTokenSecret: string;
  /** Secrets whose tokens are accepted too while the secret changes (INTERNAL_TOKEN_ACCEPTED_SECRETS); none when absent. */
  acceptedInternalTokenSecrets?: readonly string[];
  env: NodeJS.ProcessEnv;
}

export interface ServiceInstance {
  app: ServiceApp;
  /** Starts consumers and relays; called after migrations, before traffic. */
  start?(): Promise<void>;
  /**
   * Ends the answers that never finish by themselves (the gateway's live-update streams) when
   * the process drains for its exit; their clients reconnect to another replica.
   */
  endLongLivedAnswers?(): Promise<void> | void;
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
  /**
   * Variables the service cannot run without in the distributed mode, besides DATABASE_URL,
   * NATS_URL and INTERNAL_TOKEN_SECRET; a process missing any of them refuses to start, naming
   * them all (the all-in-one launcher sets them itself).
   */
  requiredEnv?: readonly string[];
  /** Variables holding the base URLs of the services this one cannot serve without: readiness asks each for /healthz. */
  peers?: readonly string[];
  create(context: ServiceContext): ServiceInstance | Promise<ServiceInstance>;
}
