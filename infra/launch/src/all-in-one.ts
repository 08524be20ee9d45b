import { createServer } from 'node:http';
import path from 'node:path';
import { createInProcessBus, createLogger, startService, type StartedService } from '@printpool/service-kit';
import { documentsService } from '@printpool/svc-documents';
import { gatewayModule } from '@printpool/svc-gateway';
import { inventoryService } from '@printpool/svc-inventory';
import { syncService } from '@printpool/svc-sync';
import { loadOrCreateLocalSecrets } from './localSecrets.js';
import { stageWebRoot } from './webRoot.js';

/**
 * All-in-one mode: the gateway and every service in one process on one port, each service
 * on its own embedded PGlite database under DATA_DIR, events on the in-process bus.
 */
const logger = createLogger('printpool');
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const secrets = loadOrCreateLocalSecrets(dataDir);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  WEB_ROOT: process.env.WEB_ROOT ?? stageWebRoot(dataDir),
  QBO_TOKEN_KEY: process.env.QBO_TOKEN_KEY ?? secrets.qboTokenKey,
};
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const bus = createInProcessBus({ logger });
const common = { env, bus, internalTokenSecret: secrets.internalTokenSecret };
const dataDirFor = (schema: string) => path.join(dataDir, schema);

const started: StartedService[] = [];
async function start(module: Parameters<typeof startService>[0]): Promise<StartedService> {
  const service = await startService(module, { ...common, logger: logger.child({ service: module.name }), dataDir: dataDirFor(module.schema) });
  started.push(service);
  return service;
}

const [inventory, sync, documents] = await Promise.all([start(inventoryService), start(syncService), start(documentsService)]);
const gateway = await start(
  gatewayModule({
    allInOne: true,
    services: {
      inventory: inventory.instance.app.callback(),
      sync: sync.instance.app.callback(),
      documents: documents.instance.app.callback(),
    },
  }),
);

const server = createServer(gateway.instance.app.callback());
server.listen(port, host, () => {
  logger.info(`PrintPool is running at http://${host}:${port}/`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  for (const service of started.reverse()) await service.stop();
  await bus.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
