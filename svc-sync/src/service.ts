import { THROTTLE_WINDOW_MS } from './domain/throttleWait.js';
import {
  createServiceClient,
  DEFAULT_SERVICE_TIMEOUT_MS,
  envNumber,
  startOutboxRelay,
  type ServiceContext,
  type ServiceInstance,
} from '@printpool/service-kit';
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
import { SyncRunner } from './sync/syncRunner.js';
import { SyncWriter } from './sync/syncWriter.js';
import { TermNameList } from './qbo/termNames.js';
import { WebhookQueue } from './sync/webhookQueue.js';
import { applyWebhookChanges } from './sync/webhookSync.js';
import { EstimateWriter } from './writeBack/estimateWriter.js';
import { InventoryOrders } from './writeBack/inventoryOrders.js';

/** Wires svc-sync from what a launcher hands it; configuration comes from `env` alone. */
export function createSyncService(context: ServiceContext): ServiceInstance {
  const { db, bus, logger, env } = context;
  const config = loadSyncConfig(env, context.internalTokenSecret);
  // Events carry up to 1000 records each, so the relay reads few at a time.
  const relay = startOutboxRelay({ db, bus, logger, batchSize: 10 });
  const connections = new ConnectionStore(db.knex, createTokenCipher(config.tokenKey));
  const oauth = new QboOAuth(config.qbo);
  const tokens = new QboTokens(connections, oauth, logger);
  const limits = {
    requestsPerMinute: envNumber(env, 'QBO_RATE_LIMIT', INTUIT_LIMITS.requestsPerMinute),
    concurrentRequests: envNumber(env, 'QBO_CONCURRENCY_LIMIT', INTUIT_LIMITS.concurrentRequests),
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
    heartbeatMs: envNumber(env, 'SYNC_HEARTBEAT_MS', DEFAULT_LEASE.heartbeatMs),
    leaseMs: envNumber(env, 'SYNC_LEASE_MS', DEFAULT_LEASE.leaseMs),
  });
  const client = new QboClient({
    apiBase: oauth.apiBase,
    tokens,
    limiter,
    logger,
    retryBaseMs: envNumber(env, 'QBO_RETRY_BASE_MS', 250),
    throttleLimitMs: envNumber(env, 'QBO_THROTTLE_LIMIT_MS', 10 * 60_000),
    throttleWindowMs: envNumber(env, 'QBO_THROTTLE_WINDOW_MS', THROTTLE_WINDOW_MS),
    requestTimeoutMs: config.qbo.timeoutMs,
    onThrottled: (tenantId, resumeAt) =>
      void runs.noteWaiting(tenantId, resumeAt).catch((err: unknown) => logger.warn({ err, tenantId }, 'could not note the wait for QuickBooks')),
  });
  const cursors = new CursorStore(db.knex);
  const terms = new TermNameList(client);
  const writer = new SyncWriter(db, relay, terms);
  const listing = { db, client, runs, writer, logger, pageConcurrency: envNumber(env, 'SYNC_PAGE_CONCURRENCY', 8) };
  const runner = new SyncRunner({ ...listing, tokens, cursors });
  const catchUp = new CatchUpScheduler(db.knex, runner, logger, { everyMinutes: config.catchUpMinutes });
  const health = new SyncHealthStore(db.knex);
  const webhooks = new WebhookQueue(db, (tenantId, realmId, changes) => applyWebhookChanges(listing, tenantId, realmId, changes), logger);
  const inventory = new InventoryOrders(
    createServiceClient({
      from: 'svc-sync',
      to: 'svc-inventory',
      baseUrl: env.INVENTORY_URL,
      secret: context.internalTokenSecret,
      timeoutMs: envNumber(env, 'SERVICE_TIMEOUT_MS', DEFAULT_SERVICE_TIMEOUT_MS),
    }),
  );
  const estimates = new EstimateWriter({ knex: db.knex, client, connections, inventory, health, terms });
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
    health,
  };

  return {
    app: createSyncApp({ deps, db, internalTokenSecret: context.internalTokenSecret, acceptedInternalTokenSecrets: context.acceptedInternalTokenSecrets }),
    async start() {
      runner.startRecovery();
      webhooks.start();
      catchUp.start();
    },
    async stop() {
      await catchUp.stop();
      await runner.stop();
      await webhooks.drain();
      await relay.stop();
    },
  };
}
