import { runServiceMain } from '@printpool/service-kit';
import { documentsService } from './index.js';

await runServiceMain(documentsService);
