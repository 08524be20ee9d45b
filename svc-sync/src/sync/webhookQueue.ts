import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Logger } from '@printpool/service-kit';
import type { WebhookChange } from '../domain/webhookChange.js';

/** Applies one notification's changes for one tenant (webhookSync.ts applyWebhookChanges). */
export type ApplyWebhookChanges = (tenantId: string, realmId: string, changes: WebhookChange[]) => Promise<void>;

export interface WebhookQueueOptions {
  /** How long a claimed notification stays this process's without word from it (renewed every third). */
  leaseMs?: number;
  /** How often a process looks for notifications another received, or left when it died. */
  pollMs?: number;
  /** Tenants whose notifications one process applies at once. */
  workers?: number;
}

interface Claimed {
  id: number;
  tenant_id: string;
  realm_id: string;
  changes: WebhookChange[];
}

/**
 * Applies webhook notifications after the endpoint has answered (Intuit allows three
 * seconds), one at a time per tenant so two notifications never race on the same records.
 * They wait in the database (qbo_webhook_changes), not in a process: any replica applies them,
 * each tenant's strictly in the order received (only a tenant's oldest notification can be
 * claimed), and one whose process stopped or died is applied by the next that looks once its
 * claim lapses.
 */
export class WebhookQueue {
  private readonly me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly workers: number;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** Notifications are taken only between start() and drain(). */
  private taking = false;
  /** Set when a notification arrives while every worker is busy: one of them looks again. */
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly applyChanges: ApplyWebhookChanges,
    private readonly logger: Logger,
    options: WebhookQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.workers = options.workers ?? 4;
  }

  /** Keeps the notification; a worker of this process applies it at once if it is the tenant's oldest and the queue is started. */
  async enqueue(tenantId: string, realmId: string, changes: WebhookChange[]): Promise<void> {
    await this.db.knex('qbo_webhook_changes').insert({ tenant_id: tenantId, realm_id: realmId, changes: JSON.stringify(changes) });
    this.wake();
  }

  /** Starts looking for notifications every pollMs: those kept before a restart, by another replica, or left by one that died. */
  start(): void {
    this.taking = true;
    this.timer ??= setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops taking notifications and lets those in hand finish; the rest wait in the database. */
  async drain(): Promise<void> {
    this.taking = false;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private wake(): void {
    if (!this.taking) return;
    if (this.running.size >= this.workers) {
      this.again = true;
      return;
    }
    const worker: Promise<void> = this.work().finally(() => this.running.delete(worker));
    this.running.add(worker);
  }

  private async work(): Promise<void> {
    do {
      this.again = false;
      try {
        for (let claimed = await this.claim(); claimed; claimed = await this.claim()) {
          await this.apply(claimed);
          // The tenant's next notification became claimable: another worker may take it at once.
          this.wake();
        }
      } catch (error) {
        this.logger.warn({ err: error }, 'could not read waiting webhook notifications; looking again later');
        return;
      }
    } while (this.again && this.taking);
  }

  private async claim(): Promise<Claimed | undefined> {
    if (!this.taking) return undefined;
    const { rows } = await this.db.knex.raw<{ rows: Claimed[] }>(
      `UPDATE qbo_webhook_changes SET claimed_by = :me, claimed_until = clock_timestamp() + make_interval(secs => :leaseS)
       WHERE id = (
         SELECT n.id FROM qbo_webhook_changes n
         WHERE (n.claimed_until IS NULL OR n.claimed_until < clock_timestamp())
           AND NOT EXISTS (SELECT 1 FROM qbo_webhook_changes o WHERE o.tenant_id = n.tenant_id AND o.id < n.id)
         ORDER BY n.id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, tenant_id, realm_id, changes`,
      { me: this.me, leaseS: this.leaseMs / 1000 },
    );
    return rows[0];
  }

  private async apply({ id, tenant_id: tenantId, realm_id: realmId, changes }: Claimed): Promise<void> {
    const mine = () => this.db.knex('qbo_webhook_changes').where({ id, claimed_by: this.me });
    const renew = setInterval(() => {
      mine()
        .update({ claimed_until: this.db.knex.raw('clock_timestamp() + make_interval(secs => ?)', [this.leaseMs / 1000]) })
        .catch((error: unknown) => this.logger.warn({ err: error, tenantId }, 'could not renew the claim on a webhook notification'));
    }, this.leaseMs / 3);
    try {
      await this.applyChanges(tenantId, realmId, changes);
    } catch (error) {
      this.logger.warn(
        { tenantId, realmId, err: error instanceof Error ? error.message : String(error) },
        'webhook changes not applied; the next incremental sync picks them up',
      );
    } finally {
      clearInterval(renew);
    }
    await mine().delete();
  }
}
