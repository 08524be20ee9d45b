import type { Knex } from 'knex';
import type { SyncKind } from '@printpool/contracts';
import { randomUUID } from 'node:crypto';
import { overallProgress, type EntityProgress, type RunStatus, type SyncRunView } from '../domain/syncRun.js';
import { endedOnThisHost, THIS_PROCESS, type RunOwner } from './runOwner.js';

interface RunRow {
  id: string;
  tenant_id: string;
  realm_id: string;
  kind: SyncKind;
  status: RunStatus;
  sweep_id: string;
  sweep_started_at: Date | string;
  entities: string[];
  progress: Record<string, EntityProgress>;
  cursors: Record<string, number>;
  counts: Record<string, number>;
  qbo_started_at: string | null;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  waiting_until: Date | string | null;
}

/** A run as the store keeps it (its sync_runs row), for the runner to continue; the API's view of it is SyncRunView. */
export interface SyncRunRecord {
  id: string;
  tenantId: string;
  realmId: string;
  kind: SyncKind;
  status: RunStatus;
  sweepId: string;
  sweepStartedAt: Date;
  /** QBO entity names this run lists or reads. */
  entities: string[];
  progress: Record<string, EntityProgress>;
  /** Per QBO entity, the STARTPOSITION a resumed listing continues from. */
  cursors: Record<string, number>;
  counts: Record<string, number>;
  qboStartedAt: string | null;
}

export interface NewRun {
  tenantId: string;
  realmId: string;
  kind: SyncKind;
  entities: string[];
  /** A failed run of the same kind this one continues. */
  resumeOf?: SyncRunRecord;
}

/**
 * A running run is leased: the process executing it renews `heartbeat_at` every
 * `heartbeatMs` (SyncRunner), whatever its requests are waiting on. A lease not renewed for
 * `leaseMs` belonged to a process that died (kill -9, a lost database): the run is failed with
 * that reason and any svc-sync resumes it from its cursors; nothing ever joins it. A run whose
 * recorded process on this host has ended is failed the same way without waiting for its lease.
 */
export interface RunLease {
  heartbeatMs: number;
  leaseMs: number;
}

export const DEFAULT_LEASE: RunLease = { heartbeatMs: 5_000, leaseMs: 30_000 };

/** A run whose lease lapsed, failed now so that it can be resumed. */
export interface LapsedRun {
  tenantId: string;
  realmId: string;
  kind: SyncKind;
}

const json = (value: unknown) => JSON.stringify(value);

/** The run's lease lapsed while this process still worked on it (a long stall): another runner owns its continuation, so this one stops. */
export class LeaseLost extends Error {
  constructor() {
    super('The sync run was taken over after its lease lapsed');
  }
}

export class SyncRunStore {
  constructor(
    private readonly knex: Knex,
    readonly lease: RunLease = DEFAULT_LEASE,
    private readonly owner: RunOwner = THIS_PROCESS,
  ) {}

  private liveSince(): Date {
    return new Date(Date.now() - this.lease.leaseMs);
  }

  /**
   * Fails every running run (of `tenantId`, or of every tenant) whose lease lapsed, naming why;
   * one statement, so of several replicas reaping at once each lapsed run is answered once.
   */
  async expireLapsed(tenantId?: string): Promise<LapsedRun[]> {
    const running = () => this.knex('sync_runs').where({ status: 'running', ...(tenantId ? { tenant_id: tenantId } : {}) });
    const expire = async (query: Knex.QueryBuilder, why: string): Promise<LapsedRun[]> => {
      const rows: { tenant_id: string; realm_id: string; kind: SyncKind }[] = await query
        .update({ status: 'failed', error: `Interrupted: ${why}; it resumes from where it stopped`, finished_at: new Date() })
        .returning(['tenant_id', 'realm_id', 'kind']);
      return rows.map((row) => ({ tenantId: row.tenant_id, realmId: row.realm_id, kind: row.kind }));
    };
    const here: { id: string; owner_pid: number }[] = await running()
      .where({ owner_host: this.owner.host })
      .whereNotNull('owner_pid')
      .select('id', 'owner_pid');
    const ended = here.filter((run) => endedOnThisHost({ host: this.owner.host, pid: run.owner_pid })).map((run) => run.id);
    return [
      ...(ended.length > 0 ? await expire(running().whereIn('id', ended), 'the svc-sync process working on this run ended') : []),
      ...(await expire(
        running().where('heartbeat_at', '<', this.liveSince()),
        `svc-sync stopped working on this run (no heartbeat for ${Math.round(this.lease.leaseMs / 1000)} s)`,
      )),
    ];
  }

  /** Renews the run's lease; false when it is no longer running here (failed or expired meanwhile). */
  async beat(run: SyncRunRecord): Promise<boolean> {
    const updated = await this.knex('sync_runs').where({ id: run.id, tenant_id: run.tenantId, status: 'running' }).update({ heartbeat_at: new Date() });
    return updated > 0;
  }

  /** Records a new running run; undefined when the tenant already has a live one (expire lapsed ones first). */
  async start(input: NewRun): Promise<SyncRunRecord | undefined> {
    const resume = input.resumeOf;
    const id = randomUUID();
    const progress = Object.fromEntries(
      Object.entries(resume?.progress ?? {}).map(([entity, p]) => [entity, { done: Math.max(0, (resume?.cursors[entity] ?? 1) - 1), total: p.total }]),
    );
    const rows = await this.knex('sync_runs')
      .insert({
        id,
        tenant_id: input.tenantId,
        realm_id: input.realmId,
        kind: input.kind,
        status: 'running',
        sweep_id: resume?.sweepId ?? id,
        ...(resume ? { sweep_started_at: resume.sweepStartedAt } : {}),
        entities: json(input.entities),
        progress: json(progress),
        cursors: json(resume?.cursors ?? {}),
        counts: json(resume?.counts ?? {}),
        qbo_started_at: resume?.qboStartedAt ?? null,
        owner_host: this.owner.host,
        owner_pid: this.owner.pid,
      })
      .onConflict(this.knex.raw("(tenant_id) WHERE status = 'running'"))
      .ignore()
      .returning('*');
    const row = rows[0] as RunRow | undefined;
    return row ? toRun(row) : undefined;
  }

  /** The tenant's run in progress, if its lease is alive: a lapsed run is never joined. */
  async running(tenantId: string): Promise<SyncRunRecord | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId, status: 'running' }).where('heartbeat_at', '>=', this.liveSince()).first();
    return row ? toRun(row) : undefined;
  }

  async latest(tenantId: string): Promise<SyncRunView | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId }).orderBy('started_at', 'desc').orderBy('id', 'desc').first();
    return row ? toView(row) : undefined;
  }

  async view(tenantId: string, runId: string): Promise<SyncRunView | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId, id: runId }).first();
    return row ? toView(row) : undefined;
  }

  /** The latest run of `kind` when it failed: a new run of that kind continues it. */
  async resumable(tenantId: string, realmId: string, kind: SyncKind): Promise<SyncRunRecord | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId, kind }).orderBy('started_at', 'desc').orderBy('id', 'desc').first();
    return row && row.status === 'failed' && row.realm_id === realmId ? toRun(row) : undefined;
  }

  async hasCompleted(tenantId: string, realmId: string, kind: SyncKind): Promise<boolean> {
    const row = await this.knex('sync_runs').where({ tenant_id: tenantId, realm_id: realmId, kind, status: 'completed' }).first('id');
    return row !== undefined;
  }

  /** The tenant's running run waits for QuickBooks' rate limit until `until`, or no longer (null). */
  async noteWaiting(tenantId: string, until: Date | null): Promise<void> {
    await this.knex('sync_runs').where({ tenant_id: tenantId, status: 'running' }).update({ waiting_until: until });
  }

  async saveProgress(run: SyncRunRecord): Promise<void> {
    const updated = await this.knex('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId, status: 'running' })
      .update({
        progress: json(run.progress),
        cursors: json(run.cursors),
        counts: json(run.counts),
        qbo_started_at: run.qboStartedAt,
        heartbeat_at: new Date(),
      });
    if (updated === 0) throw new LeaseLost();
  }

  async complete(trx: Knex.Transaction, run: SyncRunRecord): Promise<void> {
    const updated = await trx('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId, status: 'running' })
      .update({
        status: 'completed',
        progress: json(run.progress),
        cursors: json(run.cursors),
        counts: json(run.counts),
        finished_at: new Date(),
        heartbeat_at: new Date(),
      });
    if (updated === 0) throw new LeaseLost();
  }

  async fail(run: SyncRunRecord, error: string): Promise<void> {
    await this.knex('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId })
      .update({ status: 'failed', error, progress: json(run.progress), cursors: json(run.cursors), counts: json(run.counts), finished_at: new Date() });
  }
}

function toRun(row: RunRow): SyncRunRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    realmId: row.realm_id,
    kind: row.kind,
    status: row.status,
    sweepId: row.sweep_id,
    sweepStartedAt: new Date(row.sweep_started_at),
    entities: row.entities,
    progress: row.progress,
    cursors: row.cursors,
    counts: row.counts,
    qboStartedAt: row.qbo_started_at,
  };
}

function toView(row: RunRow): SyncRunView {
  return {
    runId: row.id,
    status: row.status,
    kind: row.kind,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    progress: overallProgress(row.progress),
    waitingUntil: row.status === 'running' && row.waiting_until ? new Date(row.waiting_until).toISOString() : null,
    error: row.error,
  };
}
