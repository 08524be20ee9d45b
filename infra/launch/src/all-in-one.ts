import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInProcessBus, createLogger, startService, type StartedService } from '@printpool/service-kit';
import Koa from 'koa';
import { documentsService, startDevMailbox } from '@printpool/svc-documents';
import { gatewayModule } from '@printpool/svc-gateway';
import { inventoryService } from '@printpool/svc-inventory';
import { syncService } from '@printpool/svc-sync';
import { createQboSandbox } from '@printpool/qbo-sandbox';
import { localQbo, usesRealIntuit } from './localQbo.js';
import { loadOrCreateLocalSecrets } from './localSecrets.js';
import { stageWebRoot } from './webRoot.js';

/**
 * All-in-one mode: the gateway and every service in one process on one port, each service
 * on its own embedded PGlite database under DATA_DIR, events on the in-process bus.
 */
const logger = createLogger('printpool');
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const secrets = loadOrCreateLocalSecrets(dataDir);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://${host}:${port}`;
const SANDBOX_PATH = '/qbo-sandbox';
const qbo = usesRealIntuit(process.env) ? undefined : localQbo(publicOrigin, `${publicOrigin}${SANDBOX_PATH}`);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...qbo?.syncEnv,
  PUBLIC_ORIGIN: publicOrigin,
  DATA_DIR: dataDir,
  WEB_ROOT: process.env.WEB_ROOT ?? stageWebRoot(dataDir),
  QBO_TOKEN_KEY: process.env.QBO_TOKEN_KEY ?? secrets.qboTokenKey,
};
// Mail goes to a mailbox a user can open at /dev/mailbox, unless SMTP_URL names a real server.
const mailbox = env.SMTP_URL ? undefined : await startDevMailbox({ port: 0, logger: logger.child({ service: 'dev-mailbox' }) });
if (mailbox) env.SMTP_URL = mailbox.smtpUrl;
const bus = createInProcessBus({ logger });
const common = { env, bus, internalTokenSecret: secrets.internalTokenSecret };
const dataDirFor = (schema: string) => path.join(dataDir, schema);

const started: StartedService[] = [];
async function start(module: Parameters<typeof startService>[0]): Promise<StartedService> {
  const service = await startService(module, { ...common, logger: logger.child({ service: module.name }), dataDir: dataDirFor(module.schema) });
  started.push(service);
  return service;
}

// Services also listen on loopback ports of their own, so they call each other the same way
// in every mode (INVENTORY_URL, SYNC_URL, DOCUMENTS_URL); ports are taken before the
// services start because they read their peers' addresses when created.
async function loopbackServer(urlVar: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env[urlVar] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return server;
}
const peers = await Promise.all(['INVENTORY_URL', 'SYNC_URL', 'DOCUMENTS_URL'].map(loopbackServer));
const [inventory, sync, documents] = await Promise.all([start(inventoryService), start(syncService), start(documentsService)]);
[inventory, sync, documents].forEach((service, i) => peers[i]!.on('request', service.instance.app.callback()));
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

// The sandbox stands in for Intuit on the same port, the way a browser reaches Intuit's pages.
const sandbox = qbo
  ? createQboSandbox({
      baseUrl: qbo.baseUrl,
      clients: [{ clientId: qbo.clientId, clientSecret: qbo.clientSecret, redirectUris: [qbo.redirectUri] }],
      webhook: { url: qbo.webhookUrl, verifierToken: qbo.webhookVerifier },
      adminToken: process.env.QBO_SANDBOX_ADMIN_TOKEN ?? secrets.sandboxAdminToken,
      logger: logger.child({ service: 'qbo-sandbox' }),
    })
  : undefined;
const sandboxListener = sandbox?.app.callback();
const mailboxListener = mailbox ? new Koa().use(mailbox.router.routes()).callback() : undefined;
const gatewayListener = gateway.instance.app.callback();
const server = createServer((req, res) => {
  if (sandboxListener && (req.url === SANDBOX_PATH || req.url?.startsWith(`${SANDBOX_PATH}/`))) return sandboxListener(req, res);
  if (mailboxListener && req.url?.startsWith('/dev/mailbox')) return mailboxListener(req, res);
  return gatewayListener(req, res);
});
server.listen(port, host, () => {
  logger.info(`PrintPool is running at http://${host}:${port}/`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  for (const peer of peers) peer.close();
  await sandbox?.close();
  await mailbox?.close();
  for (const service of started.reverse()) await service.stop();
  await bus.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
