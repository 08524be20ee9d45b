import type { ServiceModule } from '@printpool/service-kit';
import { createInventoryApp } from './app.js';
import { migrations } from './db/migrations/index.js';

export const inventoryService: ServiceModule = {
  name: 'svc-inventory',
  schema: 'inventory',
  migrations,
  create: (context) => ({ app: createInventoryApp(context) }),
};
