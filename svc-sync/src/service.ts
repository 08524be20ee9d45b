import { THROTTLE_WINDOW_MS } from './domain/throttleWait.js';
import { createServiceClient, defineSettings, PROCESS_SETTINGS, startOutboxRelay, type ServiceContext, type ServiceInstance } from '@printpool/service-kit';
import { createSyncApp } from './app.js';
import { loadSyncConfig } from './config/syncConfig.js';
import { createTokenCipher } from './crypto/tokenCipher.js';
import { ConnectionStore } from './db/connectionStore.js';
import { CursorStore } from './db/cursorStore.js';
import { OAuthStateStore } from './db/oauthStateStore.js';
import { DEFAULT_LEASE, SyncRunStore } from './db/syncRunStore.js';
import { QboClient } from './qbo/qboClient.js';
import { QboOAuth } from './qbo/qboOAuth.js';
import { QboTokens } from './qbo/qboTokens.js';
import { INTUIT_LIMITS, RealmLimiter } from './qbo/realmLimiter.js';
import { sharedRealmBudget } from './qbo/sharedRealmBudget.js';
import { sharedRealmSlots } from './qbo/sharedRealmSlots.js';
import type { SyncRouteDeps } from './routes/deps.js';
import { SyncHealthStore } from './db/syncHealthStore.js';
import { CatchUpScheduler } from './sync/catchUp.js';
import { watchSyncAge } from './sync/syncAgeMetrics.js';
import { SyncRunner } from './sync/syncRunner.js';
import { SyncWriter } from './sync/syncWriter.js';
import { TermNameList } from './qbo/termNames.js';
import { WebhookQueue } from './sync/webhookQueue.js';
import { applyWebhookChanges } from './sync/webhookSync.js';
import { ChangesFirst } from './sync/changesFirst.js';
import { EstimateWriter } from './writeBack/estimateWriter.js';
import { InventoryOrders } from './writeBack/inventoryOrders.js';
import { InventoryReceipts } from './writeBack/inventoryReceipts.js';
import { ReceiptWriter } from './writeBack/receiptWriter.js';
import { InventoryReorders } from './writeBack/inventoryReorders.js';
import { ReorderEstimateWriter } from './writeBack/reorderEstimateWriter.js';

/** How svc-sync paces QuickBooks and keeps its sync runs, across every replica. */
export const SYNC_SERVICE_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'svc-sync' },
  {
    QBO_RATE_LIMIT: {
      default: INTUIT_LIMITS.requestsPerMinute,
      description: "requests a minute to one QuickBooks company (Intuit's limit), counted in svc-sync's database across every replica",
    },
    QBO_CONCURRENCY_LIMIT: {
      default: INTUIT_LIMITS.concurrentRequests,
      description: "requests in flight to one QuickBooks company (Intuit's limit), across every replica",
    },
    QBO_THROTTLE_LIMIT_MS: {
      default: 10 * 60_000,
      description:
        'how long QuickBooks may keep answering 429 before a sync fails; until then a throttled request waits for the next minute (or Retry-After) and the progress panel says so',
    },
    QBO_THROTTLE_WINDOW_MS: {
      default: THROTTLE_WINDOW_MS,
      rarelySet: true,
      description: "the window Intuit counts a company's requests in: a throttled request without Retry-After waits for the next one",
    },
    QBO_RETRY_BASE_MS: {
      default: 250,
      rarelySet: true,
      description: 'the first delay before a failed QuickBooks request is tried again, growing with each attempt',
    },
    SYNC_LEASE_MS: {
      default: DEFAULT_LEASE.leaseMs,
      description: "a sync run's lease: a run whose process died is failed with the reason and resumed from its cursor by any svc-sync",
    },
    SYNC_HEARTBEAT_MS: { default: DEFAULT_LEASE.heartbeatMs, description: "how often a sync run's process renews its lease" },
    SYNC_PAGE_CONCURRENCY: { default: 8, rarelySet: true, description: 'QuickBooks pages a sync reads at once' },
  },
);

/** Wires svc-sync from what a launcher hands it; configuration comes from `env` alone. */
export function createSyncService(context: ServiceContext): ServiceInstance {
  const { db, bus, logger, env } = context;
  const config = loadSyncConfig(env, context.internalTokenSecret);
  // Events carry up to 1000 records each, so the relay reads few at a time.
  const relay = startOutboxRelay({ db, bus, logger, batchSize: 10 });
  const connections = new ConnectionStore(db.knex, createTokenCipher(config.tokenKeys), logger);
  const oauth = new QboOAuth(config.qbo);
  const tokens = new QboTokens(connections, oauth, logger);
  const limits = {
    requestsPerMinute: SYNC_SERVICE_SETTINGS.number(env, 'QBO_RATE_LIMIT'),
    concurrentRequests: SYNC_SERVICE_SETTINGS.number(env, 'QBO_CONCURRENCY_LIMIT'),
  };
  // The embedded database serves one process: its requests are paced and counted in memory, without a statement each.
  const limiter = new RealmLimiter(
    limits,
    db.embedded
      ? {}
      : {
          budget: sharedRealmBudget(db.knex, limits.requestsPerMinute, logger),
          slots: sharedRealmSlots(db.knex, limits.concurrentRequests, { leaseMs: config.qbo.timeoutMs + 10_000, logger }),
        },
  );
  const runs = new SyncRunStore(db.knex, {
    heartbeatMs: SYNC_SERVICE_SETTINGS.number(env, 'SYNC_HEARTBEAT_MS'),
    leaseMs: SYNC_SERVICE_SETTINGS.number(env, 'SYNC_LEASE_MS'),
  });
  const client = new QboClient({
    apiBase: oauth.apiBase,
    tokens,
    limiter,
    logger,
    retryBaseMs: SYNC_SERVICE_SETTINGS.number(env, 'QBO_RETRY_BASE_MS'),
    throttleLimitMs: SYNC_SERVICE_SETTINGS.number(env, 'QBO_THROTTLE_LIMIT_MS'),
    throttleWindowMs: SYNC_SERVICE_SETTINGS.number(env, 'QBO_THROTTLE_WINDOW_MS'),
    requestTimeoutMs: config.qbo.timeoutMs,
    onThrottled: (tenantId, resumeAt) =>
      void runs.noteWaiting(tenantId, resumeAt).catch((err: unknown) => logger.warn({ err, tenantId }, 'could not note the wait for QuickBooks')),
  });
  const cursors = new CursorStore(db.knex);
  const terms = new TermNameList(client);
  const writer = new SyncWriter(db, relay, terms);
  const changesFirst = new ChangesFirst();
  const listing = { db, client, runs, writer, logger, pageConcurrency: SYNC_SERVICE_SETTINGS.number(env, 'SYNC_PAGE_CONCURRENCY'), changesFirst };
  const runner = new SyncRunner({ ...listing, tokens, cursors });
  const catchUp = new CatchUpScheduler(db.knex, runner, logger, { everyMinutes: config.catchUpMinutes });
  const health = new SyncHealthStore(db.knex);
  const webhooks = new WebhookQueue(
    db,
    (tenantId, realmId, changes) => changesFirst.applying(() => applyWebhookChanges(listing, tenantId, realmId, changes)),
    logger,
  );
  const inventoryClient = createServiceClient({
    from: 'svc-sync',
    to: 'svc-inventory',
    baseUrl: env.INVENTORY_URL,
    secret: context.internalTokenSecret,
    timeoutMs: PROCESS_SETTINGS.number(env, 'SERVICE_TIMEOUT_MS'),
  });
  const estimates = new EstimateWriter({ knex: db.knex, client, connections, inventory: new InventoryOrders(inventoryClient), health, terms });
  const receipts = new ReceiptWriter({ knex: db.knex, client, connections, inventory: new InventoryReceipts(inventoryClient), terms });
  const reorders = new ReorderEstimateWriter({ knex: db.knex, client, connections, inventory: new InventoryReorders(inventoryClient) });
  const deps: SyncRouteDeps = {
    config,
    logger,
    knex: db.knex,
    oauth,
    client,
    tokens,
    connections,
    states: new OAuthStateStore(db.knex),
    runs,
    cursors,
    runner,
    writer,
    webhooks,
    estimates,
    receipts,
    reorders,
    health,
  };

  let resealing: Promise<void> = Promise.resolve();
  let unwatchSyncAge = () => undefined as void;
  return {
    app: createSyncApp({ deps, db, internalTokenSecret: context.internalTokenSecret, acceptedInternalTokenSecrets: context.acceptedInternalTokenSecrets }),
    async start() {
      runner.startRecovery();
      unwatchSyncAge = watchSyncAge(db.knex);
      webhooks.start();
      catchUp.start();
      // Tokens sealed with a key the ring now lists after the current one are sealed again, so that key can be removed.
      resealing = connections
        .resealWithCurrentKey()
        .then((resealed) => resealed > 0 && logger.info({ resealed }, 'QuickBooks tokens sealed again with the current key'))
        .catch((err: unknown) => logger.warn({ err }, 'QuickBooks tokens not sealed again with the current key; the next start tries again'))
        .then(() => undefined);
    },
    async stop() {
      unwatchSyncAge();
      await resealing;
      await catchUp.stop();
      await runner.stop();
      await webhooks.drain();
      await relay.stop();
    },
  };
}
