import { followTenantChanges, startOutboxRelay, type OutboxRelay, type ServiceModule, type Subscription, type TenantChangeFeed } from '@printpool/service-kit';
import { startAlertScheduler, type AlertScheduler } from './alerts/alertScheduler.js';
import { createInventoryApp } from './app.js';
import { migrations } from './db/migrations/index.js';
import { subscribeConsumers } from './events/consumers.js';
import { allocateWaitingOrders } from './orders/allocateWaitingOrders.js';
import { startTallyCompaction } from './tallies/salesOrderTallies.js';

export { migrations } from './db/migrations/index.js';
export { consumerHandler, CONSUMERS, POOL_CONSUMER } from './events/consumers.js';
export { reconcile } from './orders/reconcile.js';
export { ALERT_SETTINGS } from './alerts/alertScheduler.js';

/**
 * The inventory service. start() subscribes the accounting and settings consumers and starts
 * the outbox relay that publishes inventory events; every change nudges the relay after commit.
 * It also folds the sales order tallies together from time to time (migration 006), and follows
 * the schema's changes so lists and dashboard figures are answered from memory until the
 * tenant's data changes (migration 007). As it starts, orders a fault left waiting while an
 * open bulk PO covers them are allocated (allocateWaitingOrders), beside the consumers. Every
 * ALERT_CHECK_MINUTES it announces the companies' new stock alerts (src/alerts/alertScheduler.ts).
 */
export const inventoryService: ServiceModule = {
  name: 'svc-inventory',
  schema: 'inventory',
  migrations,
  // Pull tickets' PDFs and e-mails go through svc-documents; lists and orders do not, so its
  // absence does not make this service unready (and svc-documents' readiness asks for this one).
  requiredEnv: ['DOCUMENTS_URL'],
  create: (context) => {
    let relay: OutboxRelay | undefined;
    let subscriptions: Subscription[] = [];
    let compaction: { stop(): void } | undefined;
    let changeFeed: TenantChangeFeed | undefined;
    let recovery: Promise<unknown> = Promise.resolve();
    let alerts: AlertScheduler | undefined;
    const afterCommit = () => void relay?.publishNow();
    const app = createInventoryApp(context, { db: context.db, afterCommit });
    return {
      app,
      async start() {
        const { db, logger } = context;
        changeFeed = followTenantChanges({ url: db.url, schema: db.schema, logger, listener: db.readCache });
        relay = startOutboxRelay({ db: context.db, bus: context.bus, logger: context.logger });
        subscriptions = await subscribeConsumers(context.db, context.bus, afterCommit);
        compaction = startTallyCompaction(context.db.knex, (err) => context.logger.error({ err }, 'sales order tallies not compacted'));
        recovery = allocateWaitingOrders({ db, afterCommit }).then(
          (tenants) => tenants > 0 && logger.warn({ tenants }, 'orders left waiting while a bulk PO covered them were allocated'),
          (err: unknown) => logger.error({ err }, 'orders left waiting not allocated; reconcile --fix allocates them'),
        );
        alerts = startAlertScheduler(db, context.env, logger, afterCommit);
      },
      async stop() {
        await alerts?.stop();
        await recovery;
        compaction?.stop();
        for (const subscription of subscriptions) await subscription.stop();
        subscriptions = [];
        await relay?.stop();
        await changeFeed?.stop();
      },
    };
  },
};
