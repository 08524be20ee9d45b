import type { ServiceModule } from '@printpool/service-kit';
import { migrations } from './db/migrations/index.js';
import { createSyncService } from './service.js';

export { createSyncService } from './service.js';
export type { SyncRunView } from './domain/syncRun.js';

export const syncService: ServiceModule = {
  name: 'svc-sync',
  schema: 'sync',
  migrations,
  // Outside the all-in-one mode the token key is never derived from another secret (syncConfig.ts).
  requiredEnv: ['QBO_CLIENT_ID', 'QBO_CLIENT_SECRET', 'QBO_REDIRECT_URI', 'QBO_TOKEN_KEY'],
  peers: ['INVENTORY_URL'],
  create: (context) => createSyncService(context),
};
