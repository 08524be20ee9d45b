import { runServiceMain } from '@printpool/service-kit';
import { gatewayModule } from './module.js';

/** The gateway as its own process (distributed mode): `node svc-gateway/dist/main.js`. */
await runServiceMain(gatewayModule());
