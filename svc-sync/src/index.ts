import type { ServiceModule } from '@printpool/service-kit';
import { migrations } from './db/migrations/index.js';
import { createSyncService } from './service.js';

export { createSyncService } from './service.js';
export type { SyncRunView } from './domain/syncRun.js';

export const syncService: ServiceModule = {
  name: 'svc-sync',
  schema: 'sync',
  migrations,
  create: (context) => createSyncService(context),
};
