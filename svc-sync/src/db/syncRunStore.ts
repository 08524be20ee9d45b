import type { Knex } from 'knex';
import type { SyncKind } from '@printpool/contracts';
import { randomUUID } from 'node:crypto';
import { overallProgress, type EntityProgress, type RunStatus, type SyncRunView } from '../domain/syncRun.js';

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
}

export interface SyncRun {
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
  resumeOf?: SyncRun;
}

/** A running run whose heartbeat stopped this long ago died with its process. */
const STALE_AFTER_MS = 2 * 60_000;

const json = (value: unknown) => JSON.stringify(value);

export class SyncRunStore {
  constructor(private readonly knex: Knex) {}

  /** Records a new running run; undefined when the tenant already has one running. */
  async start(input: NewRun): Promise<SyncRun | undefined> {
    await this.knex('sync_runs')
      .where({ tenant_id: input.tenantId, status: 'running' })
      .where('heartbeat_at', '<', new Date(Date.now() - STALE_AFTER_MS))
      .update({ status: 'failed', error: 'Interrupted', finished_at: new Date() });
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
      })
      .onConflict(this.knex.raw("(tenant_id) WHERE status = 'running'"))
      .ignore()
      .returning('*');
    const row = rows[0] as RunRow | undefined;
    return row ? toRun(row) : undefined;
  }

  async running(tenantId: string): Promise<SyncRun | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId, status: 'running' }).first();
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
  async resumable(tenantId: string, realmId: string, kind: SyncKind): Promise<SyncRun | undefined> {
    const row = await this.knex<RunRow>('sync_runs').where({ tenant_id: tenantId, kind }).orderBy('started_at', 'desc').orderBy('id', 'desc').first();
    return row && row.status === 'failed' && row.realm_id === realmId ? toRun(row) : undefined;
  }

  async hasCompleted(tenantId: string, realmId: string, kind: SyncKind): Promise<boolean> {
    const row = await this.knex('sync_runs').where({ tenant_id: tenantId, realm_id: realmId, kind, status: 'completed' }).first('id');
    return row !== undefined;
  }

  async saveProgress(run: SyncRun): Promise<void> {
    await this.knex('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId })
      .update({ progress: json(run.progress), cursors: json(run.cursors), counts: json(run.counts), qbo_started_at: run.qboStartedAt, heartbeat_at: new Date() });
  }

  async complete(trx: Knex.Transaction, run: SyncRun): Promise<void> {
    await trx('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId })
      .update({ status: 'completed', progress: json(run.progress), cursors: json(run.cursors), counts: json(run.counts), finished_at: new Date(), heartbeat_at: new Date() });
  }

  async fail(run: SyncRun, error: string): Promise<void> {
    await this.knex('sync_runs')
      .where({ id: run.id, tenant_id: run.tenantId })
      .update({ status: 'failed', error, progress: json(run.progress), cursors: json(run.cursors), counts: json(run.counts), finished_at: new Date() });
  }
}

function toRun(row: RunRow): SyncRun {
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
    error: row.error,
  };
}
