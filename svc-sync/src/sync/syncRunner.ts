import type { SyncKind } from '@printpool/contracts';
import { isUnavailable } from '@printpool/service-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CursorStore } from '../db/cursorStore.js';
import { LeaseLost, type SyncRunRecord } from '../db/syncRunStore.js';
import { retryDelayMs } from '../domain/backoff.js';
import { cdcUsable, nextCdcSince } from '../domain/qboTime.js';
import { SYNC_ENTITIES, syncEntity } from '../domain/syncEntities.js';
import { mapCompanyInfo } from '../domain/mapCompanyInfo.js';
import { companyUpdatedEvent, syncCompletedEvent } from '../events/accountingEvents.js';
import { failureReason } from '../qbo/qboErrors.js';
import type { QboTokens } from '../qbo/qboTokens.js';
import { syncChanges } from './changes.js';
import { listEntities, type ListingDeps } from './listing.js';
import { observeSyncRun, type SyncOutcome } from './syncRunMetrics.js';

/** What a caller asks for; `auto` is incremental when a cursor allows it, full otherwise. */
export type SyncRequest = 'auto' | 'full' | 'incremental' | 'customers' | 'items';

/** The run that continues an interrupted one: a webhook's targeted fetch is caught up by an incremental run from the CDC cursor. */
function resumeRequest(kind: SyncKind): SyncRequest {
  return kind === 'webhook' ? 'incremental' : kind;
}

export interface RunnerDeps extends ListingDeps {
  tokens: QboTokens;
  cursors: CursorStore;
}

export interface StartedRun {
  runId: string;
  /** Settles when the run ends (never rejects; the run records its own failure). */
  finished: Promise<void>;
}

/**
 * Starts sync runs in the background, one at a time per tenant. A full run (or a
 * customers/items run) whose predecessor of the same kind failed continues from its cursors.
 * Each run holds a lease it renews while it executes (db/syncRunStore.ts); every runner
 * resumes runs whose lease lapsed, or whose process on this host ended, at start and then
 * every heartbeat period.
 */
export class SyncRunner {
  private readonly active = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();
  private recovery: NodeJS.Timeout | undefined;

  constructor(private readonly deps: RunnerDeps) {}

  /** Resumes lapsed runs now and every heartbeat period until stop(), so a lapsed lease waits at most one beat more. */
  startRecovery(): void {
    void this.recoverLapsed();
    this.recovery = setInterval(() => void this.recoverLapsed(), this.deps.runs.lease.heartbeatMs);
    this.recovery.unref();
  }

  /** Fails each run whose process died and starts it again from its cursors (a run of the same kind resumes the failed one). */
  async recoverLapsed(): Promise<void> {
    try {
      for (const lapsed of await this.deps.runs.expireLapsed()) {
        this.deps.logger.warn({ tenantId: lapsed.tenantId, kind: lapsed.kind }, 'sync run lease lapsed; resuming it');
        await this.start(lapsed.tenantId, resumeRequest(lapsed.kind)).catch((err: unknown) => {
          // Not connected any more, or QuickBooks refuses: the run stays failed with its reason.
          this.deps.logger.warn({ err, tenantId: lapsed.tenantId }, 'lapsed sync run not resumed');
        });
      }
    } catch (err) {
      // The database is away; the next period tries again.
      this.deps.logger.warn({ err }, 'could not look for lapsed sync runs');
    }
  }

  /** Throws NotConnectedError / QboReauthorizationRequired when there is nothing to sync with. */
  async start(tenantId: string, request: SyncRequest): Promise<StartedRun> {
    const connection = await this.deps.tokens.current(tenantId);
    await this.deps.runs.expireLapsed(tenantId);
    const existing = await this.deps.runs.running(tenantId);
    if (existing) return this.joined(existing.id);

    const since = await this.deps.cursors.get(tenantId, connection.realmId);
    const kind: SyncKind = request === 'auto' || request === 'incremental' ? (cdcUsable(since) ? 'incremental' : 'full') : request;
    const entities = kind === 'customers' ? ['customer'] : kind === 'items' ? ['item'] : SYNC_ENTITIES.map((entity) => entity.entity);
    const resumeOf = kind === 'incremental' ? undefined : await this.deps.runs.resumable(tenantId, connection.realmId, kind);
    const run = await this.deps.runs.start({ tenantId, realmId: connection.realmId, kind, entities, resumeOf });
    if (!run) {
      const winner = await this.deps.runs.running(tenantId);
      if (winner) return this.joined(winner.id);
      throw new Error('Could not start a sync run');
    }
    const finished = observeSyncRun(run, () => this.execute(run, since)).finally(() => this.active.delete(run.id));
    this.active.set(run.id, finished);
    return { runId: run.id, finished };
  }

  /** Stops starting pages; runs in flight fail as interrupted and resume next time. */
  async stop(): Promise<void> {
    clearInterval(this.recovery);
    this.shutdown.abort(new Error('Interrupted by shutdown'));
    await Promise.allSettled([...this.active.values()]);
  }

  private joined(runId: string): StartedRun {
    return { runId, finished: this.active.get(runId) ?? Promise.resolve() };
  }

  /**
   * The broker's CompanyInfo, read on each full sync so a change of address, phone or e-mail in
   * QuickBooks reaches the documents' letterhead. Without it the sync still completes: the
   * letterhead keeps what it had until the next full sync reads it.
   */
  private async companyEvent(run: SyncRunRecord) {
    try {
      const { body } = await this.deps.client.companyInfo(run.tenantId);
      return companyUpdatedEvent(run.tenantId, mapCompanyInfo(run.realmId, body.companyInfo));
    } catch (err) {
      this.deps.logger.warn({ err, tenantId: run.tenantId, runId: run.id }, 'CompanyInfo not read; the letterhead keeps its last value');
      return null;
    }
  }

  private async execute(run: SyncRunRecord, since: string | undefined): Promise<SyncOutcome> {
    const { deps } = this;
    // The lease is renewed on its own clock: a page may wait out throttling far longer than a beat.
    const heartbeat = setInterval(() => {
      deps.runs.beat(run).catch((err: unknown) => deps.logger.warn({ err, runId: run.id }, 'sync run heartbeat failed'));
    }, deps.runs.lease.heartbeatMs);
    heartbeat.unref();
    try {
      if (run.kind === 'incremental') await syncChanges(deps, run, since!, this.shutdown.signal);
      else
        await listEntities(
          deps,
          run,
          run.entities.map((entity) => syncEntity(entity as never)),
          this.shutdown.signal,
        );
      const completed = syncCompletedEvent(run.tenantId, run.realmId, run.id, run.kind, run.counts);
      const company = run.kind === 'full' ? await this.companyEvent(run) : null;
      await deps.writer.commit(company ? [company, completed] : [completed], async (trx) => {
        await deps.runs.complete(trx, run);
        // Only runs that covered every entity move the CDC window.
        if ((run.kind === 'full' || run.kind === 'incremental') && run.qboStartedAt) {
          await deps.cursors.set(trx, run.tenantId, run.realmId, nextCdcSince(run.qboStartedAt));
        }
      });
      deps.logger.info({ tenantId: run.tenantId, runId: run.id, kind: run.kind, counts: run.counts }, 'sync run completed');
      return 'completed';
    } catch (error) {
      if (error instanceof LeaseLost) {
        deps.logger.warn({ tenantId: run.tenantId, runId: run.id }, 'sync run lease lost; another runner resumes it');
        return 'interrupted';
      }
      // What the broker reads beside Retry (db/syncHealthStore.ts): QuickBooks' own reason.
      const message = failureReason(error);
      deps.logger.warn({ tenantId: run.tenantId, runId: run.id, kind: run.kind, err: message }, 'sync run failed');
      if (isUnavailable(error)) {
        const resuming = this.resumeAfterOutage(run, message).finally(() => this.active.delete(`resume:${run.id}`));
        this.active.set(`resume:${run.id}`, resuming);
        return 'interrupted';
      }
      // Unrecorded (the database is away), the run's lease lapses and a runner resumes it.
      await deps.runs.fail(run, message).catch((err: unknown) => deps.logger.error({ err, runId: run.id }, 'could not record the failed run'));
      return 'failed';
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A run cut off by its database (a restart, a lost connection) is not the broker's problem:
   * once the database answers again the failure is recorded and a run of the same kind resumes
   * from its cursors, instead of waiting for the lease to lapse or for the broker to sync again.
   */
  private async resumeAfterOutage(run: SyncRunRecord, message: string): Promise<void> {
    let recorded = false;
    for (let attempt = 0; !this.shutdown.signal.aborted; attempt += 1) {
      await sleep(retryDelayMs(attempt, null, { baseMs: 500, maxMs: 5_000 }), undefined, { signal: this.shutdown.signal }).catch(() => undefined);
      if (this.shutdown.signal.aborted) break;
      try {
        if (!recorded) await this.deps.runs.fail(run, message);
        recorded = true;
        await this.start(run.tenantId, resumeRequest(run.kind));
        this.deps.logger.info({ tenantId: run.tenantId, runId: run.id, kind: run.kind }, 'database answers again; sync run resumed');
        return;
      } catch (err) {
        if (!isUnavailable(err)) {
          this.deps.logger.warn({ err, tenantId: run.tenantId, runId: run.id }, 'sync run not resumed after the database came back');
          return;
        }
      }
    }
  }
}
