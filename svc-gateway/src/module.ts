import type { ServiceModule } from '@printpool/service-kit';
import { createGatewayService } from './app.js';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { GATEWAY_SCHEMA } from './db/database.js';
import { gatewayMigrations } from './db/migrations.js';
import type { ServiceTargets } from './proxy/targets.js';

export interface GatewayModuleOptions {
  /** The services to route to; the all-in-one launcher passes each service's `app.callback()`. */
  services?: ServiceTargets;
  /** Adjusts the configuration read from the launcher's environment (e.g. dev sign-in on, web root). */
  configure?: (config: GatewayConfig) => GatewayConfig;
  allInOne?: boolean;
}

/** The gateway as launchers run every service: startService(gatewayModule(...), { env, bus, ... }). */
export function gatewayModule(options: GatewayModuleOptions = {}): ServiceModule {
  return {
    name: 'gateway',
    schema: GATEWAY_SCHEMA,
    migrations: gatewayMigrations,
    // Every /api route but its own is forwarded to one of these (docs/architecture.md §2).
    peers: options.services ? [] : ['INVENTORY_URL', 'SYNC_URL', 'DOCUMENTS_URL'],
    create({ db, bus, logger, internalTokenSecret, env }) {
      const loaded = loadGatewayConfig(env, { allInOne: options.allInOne, internalTokenSecret });
      const config = options.configure ? options.configure(loaded) : loaded;
      const gateway = createGatewayService({ db, bus, config, logger, services: options.services });
      return { app: gateway.app, endLongLivedAnswers: () => gateway.endLiveStreams(), stop: () => gateway.close() };
    },
  };
}
