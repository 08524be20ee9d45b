import type { ServiceModule } from '@printpool/service-kit';
import { createSyncApp } from './app.js';
import { migrations } from './db/migrations/index.js';

export const syncService: ServiceModule = {
  name: 'svc-sync',
  schema: 'sync',
  migrations,
  create: (context) => ({ app: createSyncApp(context) }),
};
