import { runServiceMain } from '@printpool/service-kit';
import { syncService } from './index.js';

await runServiceMain(syncService);
