import { runServiceMain } from '@printpool/service-kit';
import { inventoryService } from './index.js';

await runServiceMain(inventoryService);
