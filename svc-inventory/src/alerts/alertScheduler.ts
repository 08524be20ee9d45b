import { todayUtc } from '@printpool/domain';
import { defineSettings, runEvery, type Database, type Logger } from '@printpool/service-kit';
import { announceAlerts } from './announceAlerts.js';

/** How often svc-inventory looks for new stock alerts, and how often a company's digest may go (docs/product.md §12). */
export const ALERT_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'svc-inventory' },
  {
    ALERT_CHECK_MINUTES: {
      default: 15,
      description:
        "how often each company's stock alerts are looked at: a customer's item newly at its reorder point is announced as `inventory.stock.low`, and a digest that is due goes out (0: neither)",
    },
    ALERT_DIGEST_MINUTES: {
      default: 1440,
      description:
        "how long after a company's last digest of stock alerts the next may go, by e-mail to its owners and staff with the alerts new since (one a day by default; none when nothing is new; 0: no digest, `inventory.stock.low` still announced)",
    },
  },
);

export interface AlertScheduler {
  /** One pass over every company now; answers how many companies got a digest. */
  runOnce(asOf?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Announces every company's new stock alerts every ALERT_CHECK_MINUTES (src/alerts/announceAlerts.ts).
 * Any replica may run it: a company's pass holds its advisory lock, so a second replica skips it.
 */
export function startAlertScheduler(db: Database, env: NodeJS.ProcessEnv, logger: Logger, afterCommit: () => void): AlertScheduler {
  const everyMs = ALERT_SETTINGS.number(env, 'ALERT_CHECK_MINUTES') * 60_000;
  const digestEveryMs = ALERT_SETTINGS.number(env, 'ALERT_DIGEST_MINUTES') * 60_000;
  // The last digest's time is kept in PostgreSQL (alert_digests), so a restart waits out the same day.
  const digestDue = (lastSentAt: Date | null) => digestEveryMs > 0 && (lastSentAt === null || Date.now() - lastSentAt.getTime() >= digestEveryMs);
  const runOnce = async (asOf = todayUtc()): Promise<number> => {
    let digests = 0;
    const tenants: string[] = await db.knex('customers').distinct('tenant_id').pluck('tenant_id');
    for (const tenantId of tenants) {
      const announced = await announceAlerts(db.knex, tenantId, asOf, digestDue);
      if (!announced) continue;
      if (announced.digest) digests += 1;
      if (announced.stockLow > 0 || announced.digest) {
        afterCommit();
        logger.info({ tenantId, stockLow: announced.stockLow, digest: announced.digest?.length ?? 0 }, 'stock alerts announced');
      }
    }
    return digests;
  };
  const periodic = runEvery(
    everyMs,
    () => runOnce(),
    (err) => logger.warn({ err }, 'stock alerts not announced; trying again at the next pass'),
  );
  return { runOnce, stop: () => periodic.stop() };
}
