import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDatabase, createInProcessBus, type Database, type Logger, type ServiceModule, startService, type StartedService } from '@printpool/service-kit';
import { openEmbedded } from './embeddedDatabase.js';
import Koa from 'koa';
import { documentsService, startDevMailbox } from '@printpool/svc-documents';
import { gatewayModule } from '@printpool/svc-gateway';
import { inventoryService } from '@printpool/svc-inventory';
import { syncService } from '@printpool/svc-sync';
import { createQboSandbox, type QboSandbox } from '@printpool/qbo-sandbox';
import { localQbo, usesRealIntuit } from './localQbo.js';
import type { LocalSecrets } from './localSecrets.js';

export const SANDBOX_PATH = '/qbo-sandbox';

/** Every service the all-in-one mode runs (below), whose schemas its embedded database holds (embeddedTemplate.ts). */
export const ALL_IN_ONE_SCHEMAS: readonly ServiceModule[] = [inventoryService, syncService, documentsService, gatewayModule()];

export interface AllInOneOptions {
  /** The process environment the services read (DATABASE_URL, SMTP_URL, QBO_*, rate limits…). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  secrets: LocalSecrets;
  /** The address browsers use, e.g. http://127.0.0.1:3000 (the sandbox and OAuth redirects are under it). */
  publicOrigin: string;
  /** The embedded database goes under it (DATA_DIR/pglite) when no DATABASE_URL is set. */
  dataDir: string;
  /** The first start's embedded database (embeddedTemplate.ts); the build's by default. */
  embeddedTemplate?: string;
  /** Opens each service's database instead (tests: a schema of their own); migrated by startService. */
  openDatabase?: (module: ServiceModule) => Promise<Database>;
}

export interface AllInOne {
  /** One listener for the whole product: the QBO sandbox under /qbo-sandbox, the dev mailbox, the gateway. */
  listener: RequestListener;
  sandbox?: QboSandbox;
  services: StartedService[];
  stop(): Promise<void>;
}

/**
 * The all-in-one composition (`npm start`): the gateway and every service in this process,
 * events on the in-process bus, the QBO sandbox standing in for Intuit unless QBO_CLIENT_ID
 * names a real app, and mail going to the dev mailbox unless SMTP_URL is set. The caller listens.
 */
export async function startAllInOne(options: AllInOneOptions): Promise<AllInOne> {
  const { logger, secrets, publicOrigin, dataDir } = options;
  const qbo = usesRealIntuit(options.env) ? undefined : localQbo(publicOrigin, `${publicOrigin}${SANDBOX_PATH}`);
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    ...qbo?.syncEnv,
    PUBLIC_ORIGIN: publicOrigin,
    DATA_DIR: dataDir,
    // A key ring the operator set is theirs alone: the two variables are never set together.
    ...(options.env.QBO_TOKEN_KEY || options.env.QBO_TOKEN_KEYS ? {} : { QBO_TOKEN_KEY: secrets.qboTokenKey }),
  };
  // Mail goes to a mailbox a user can open at /dev/mailbox, unless SMTP_URL names a real server.
  const mailbox = env.SMTP_URL ? undefined : await startDevMailbox({ port: 0, logger: logger.child({ service: 'dev-mailbox' }) });
  if (mailbox) env.SMTP_URL = mailbox.smtpUrl;
  const bus = createInProcessBus({ logger });
  const common = { env, bus, internalTokenSecret: secrets.internalTokenSecret };
  const embedded = options.openDatabase || env.DATABASE_URL ? undefined : await openEmbedded(dataDir, logger, options.embeddedTemplate);
  const openDatabase =
    options.openDatabase ??
    (embedded &&
      (async (module: ServiceModule) => {
        const db = createDatabase({ schema: module.schema, migrations: module.migrations, shared: embedded.database });
        return embedded.migrated(module) ? { ...db, migrate: async () => {} } : db;
      }));

  const started: StartedService[] = [];
  async function start(module: ServiceModule): Promise<StartedService> {
    const service = await startService(module, {
      ...common,
      logger: logger.child({ service: module.name }),
      dataDir: path.join(dataDir, module.schema),
      db: openDatabase ? await openDatabase(module) : undefined,
    });
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
  const closePeers = () => {
    for (const peer of peers) {
      peer.closeAllConnections();
      peer.close();
    }
  };
  let gateway: StartedService;
  try {
    const [inventory, sync, documents] = await Promise.all([start(inventoryService), start(syncService), start(documentsService)]);
    [inventory, sync, documents].forEach((service, i) => peers[i]!.on('request', service.instance.app.callback()));
    gateway = await start(
      gatewayModule({
        allInOne: true,
        services: {
          inventory: inventory.instance.app.callback(),
          sync: sync.instance.app.callback(),
          documents: documents.instance.app.callback(),
        },
      }),
    );
  } catch (error) {
    // A service that failed to start leaves nothing listening or open behind it.
    closePeers();
    await mailbox?.close();
    for (const service of [...started].reverse()) await service.stop().catch(() => undefined);
    await bus.close();
    await embedded?.database.close();
    throw error;
  }

  // The sandbox stands in for Intuit on the same port, the way a browser reaches Intuit's pages.
  const sandbox = qbo
    ? createQboSandbox({
        baseUrl: qbo.baseUrl,
        clients: [{ clientId: qbo.clientId, clientSecret: qbo.clientSecret, redirectUris: [qbo.redirectUri] }],
        webhook: { url: qbo.webhookUrl, verifierToken: qbo.webhookVerifier },
        adminToken: env.QBO_SANDBOX_ADMIN_TOKEN ?? secrets.sandboxAdminToken,
        // Its companies and the tokens it gave outlive a restart, so a connected company stays connected.
        dataDir: path.join(dataDir, 'qbo-sandbox'),
        logger: logger.child({ service: 'qbo-sandbox' }),
      })
    : undefined;
  const sandboxListener = sandbox?.app.callback();
  const mailboxListener = mailbox ? new Koa().use(mailbox.router.routes()).callback() : undefined;
  const gatewayListener = gateway.instance.app.callback();
  const listener: RequestListener = (req, res) => {
    if (sandboxListener && (req.url === SANDBOX_PATH || req.url?.startsWith(`${SANDBOX_PATH}/`))) return sandboxListener(req, res);
    if (mailboxListener && req.url?.startsWith('/dev/mailbox')) return mailboxListener(req, res);
    return gatewayListener(req, res);
  };

  return {
    listener,
    sandbox,
    services: started,
    async stop() {
      closePeers();
      await sandbox?.close();
      await mailbox?.close();
      for (const service of [...started].reverse()) await service.stop();
      await bus.close();
      await embedded?.database.close();
    },
  };
}
