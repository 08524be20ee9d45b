export { createGatewayService, type GatewayService, type GatewayServiceOptions } from './app.js';
export {
  loadGatewayConfig,
  webConfigFromRoot,
  GATEWAY_SETTINGS,
  DEFAULT_RATE_LIMITS,
  THIRTY_DAYS_MS,
  type GatewayConfig,
  type LoadConfigOptions,
  type OidcConfig,
  type RateLimitConfig,
  type WebConfig,
} from './config.js';
export { openGatewayDatabase, GATEWAY_SCHEMA } from './db/database.js';
export { gatewayMigrations } from './db/migrations.js';
export { DEFAULT_ROUTE_TABLE, resolveRoute, type RouteEntry, type ServiceName } from './domain/routeTable.js';
export { DEFAULT_REMOTES, type RemoteConfig } from './web/remotes.js';
export { WEB_IMAGE_SETTINGS, WEB_SETTINGS } from './web/webConfig.js';
export type { ServiceTarget, ServiceTargets } from './proxy/targets.js';
export { gatewayModule, type GatewayModuleOptions } from './module.js';
export { LIVE_SUBJECTS } from './live/followEvents.js';
