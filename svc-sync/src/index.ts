import type { ServiceModule } from '@printpool/service-kit';
import { SYNC_CONFIG_SETTINGS } from './config/syncConfig.js';
import { migrations } from './db/migrations/index.js';
import { createSyncService, SYNC_SERVICE_SETTINGS } from './service.js';

export { createSyncService } from './service.js';
export type { SyncRunView } from './domain/syncRun.js';

/** Every variable svc-sync declares, for docs/configuration.md. */
export const SYNC_SETTINGS = [SYNC_CONFIG_SETTINGS, SYNC_SERVICE_SETTINGS] as const;

export const syncService: ServiceModule = {
  name: 'svc-sync',
  schema: 'sync',
  migrations,
  // Outside the all-in-one mode the token key is never derived from another secret (syncConfig.ts).
  requiredEnv: ['QBO_CLIENT_ID', 'QBO_CLIENT_SECRET', 'QBO_REDIRECT_URI', 'QBO_TOKEN_KEY|QBO_TOKEN_KEYS'],
  peers: ['INVENTORY_URL'],
  create: (context) => createSyncService(context),
};
