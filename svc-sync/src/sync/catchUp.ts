import type { Knex } from 'knex';
import type { Logger } from '@printpool/service-kit';
import type { SyncRunner } from './syncRunner.js';

export interface CatchUpOptions {
  /** Minutes between two catch-ups of a company (QBO_CATCH_UP_MINUTES); 0 turns them off. */
  everyMinutes: number;
  /** Companies one process catches up at once. */
  concurrency?: number;
}

/** ±10 % of the period, so companies connected together, or a fleet restarted together, spread out. */
const JITTER = 0.1;
const MAX_LOOK_MS = 30_000;
const MIN_LOOK_MS = 250;

/**
 * Intuit does not promise to deliver every webhook and asks apps to reconcile with CDC: every
 * connected company that has had its first sync gets an incremental sync every `everyMinutes`
 * (jittered), so a change whose notification was lost (PrintPool down, Intuit's retries spent)
 * is imported by the next run without anyone pressing Sync.
 *
 * Any number of replicas may run this. A company's `catch_up_due_at` is its claim: the statement
 * that finds it due moves it to the next period, so exactly one replica takes each due company,
 * and one that dies mid-run loses nothing (the run's own lease resumes it, the next period comes).
 * The run goes through the runner, so it joins a sync already running for the company, and its
 * requests through the realm's limiter, within the same budget as every other request.
 */
export class CatchUpScheduler {
  private readonly periodMs: number;
  private readonly concurrency: number;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;

  constructor(
    private readonly knex: Knex,
    private readonly runner: Pick<SyncRunner, 'start'>,
    private readonly logger: Logger,
    options: CatchUpOptions,
  ) {
    this.periodMs = Math.max(0, options.everyMinutes) * 60_000;
    this.concurrency = options.concurrency ?? 4;
  }

  get enabled(): boolean {
    return this.periodMs > 0;
  }

  start(): void {
    if (!this.enabled || this.timer) return;
    const lookMs = Math.min(MAX_LOOK_MS, Math.max(MIN_LOOK_MS, this.periodMs / 4));
    this.timer = setInterval(() => void this.look(), lookMs);
    this.timer.unref();
    void this.look();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.running]);
  }

  /** Takes the companies that are due (as many as this process has room for) and catches each up. */
  async look(): Promise<void> {
    if (this.looking || !this.timer) return;
    this.looking = true;
    try {
      await this.scheduleNewlyConnected();
      const room = this.concurrency - this.running.size;
      if (room <= 0) return;
      for (const tenantId of await this.claimDue(room)) {
        const work = this.catchUp(tenantId).finally(() => this.running.delete(work));
        this.running.add(work);
      }
    } catch (err) {
      // The database is away; the next look tries again.
      this.logger.warn({ err }, 'could not look for companies to catch up with QuickBooks');
    } finally {
      this.looking = false;
    }
  }

  /** A company seen for the first time is due somewhere within one period, not at once: a restart does not run every company together. */
  private async scheduleNewlyConnected(): Promise<void> {
    await this.knex('qbo_connections')
      .whereNull('catch_up_due_at')
      .whereNotNull('refresh_token')
      .update({ catch_up_due_at: this.knex.raw(`now() + random() * ?::float8 * interval '1 millisecond'`, [this.periodMs]) });
  }

  /**
   * One statement finds the due companies and moves each to its next, jittered, due time: a row
   * another replica is claiming is skipped, not waited for. Only companies with a CDC cursor (a
   * first sync completed) are taken: the first sync is the broker's, after the settings.
   */
  private async claimDue(limit: number): Promise<string[]> {
    const result = await this.knex.raw<{ rows: { tenant_id: string }[] }>(
      `WITH due AS (
         SELECT c.tenant_id FROM qbo_connections c
          WHERE c.catch_up_due_at <= now()
            AND c.refresh_token IS NOT NULL
            AND EXISTS (SELECT 1 FROM sync_cursors s WHERE s.tenant_id = c.tenant_id AND s.realm_id = c.realm_id)
          ORDER BY c.catch_up_due_at
          LIMIT ?
          FOR UPDATE OF c SKIP LOCKED
       )
       UPDATE qbo_connections c
          SET catch_up_due_at = now() + (?::float8 + random() * ?::float8) * interval '1 millisecond'
         FROM due
        WHERE c.tenant_id = due.tenant_id
       RETURNING c.tenant_id`,
      [limit, this.periodMs * (1 - JITTER), this.periodMs * 2 * JITTER],
    );
    return result.rows.map((row) => row.tenant_id);
  }

  /** A run every quarter hour is 96 rows a day: completed catch-ups past a week say nothing the latest does not. */
  private async pruneOldRuns(tenantId: string): Promise<void> {
    await this.knex('sync_runs')
      .where({ tenant_id: tenantId, kind: 'incremental', status: 'completed' })
      .where('finished_at', '<', this.knex.raw(`now() - interval '7 days'`))
      .delete();
  }

  private async catchUp(tenantId: string): Promise<void> {
    try {
      const run = await this.runner.start(tenantId, 'incremental');
      await run.finished;
      await this.pruneOldRuns(tenantId);
    } catch (err) {
      // Not connected any more, or the run could not start: the next period tries again.
      this.logger.warn({ err, tenantId }, 'QuickBooks catch-up not started');
    }
  }
}
