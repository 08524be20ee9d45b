import type { ServiceModule } from '@printpool/service-kit';
import { createDocumentsApp } from './app.js';
import { migrations } from './db/migrations/index.js';

export const documentsService: ServiceModule = {
  name: 'svc-documents',
  schema: 'documents',
  migrations,
  create: (context) => ({ app: createDocumentsApp(context) }),
};
