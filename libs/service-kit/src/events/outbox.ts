import { EventEnvelopeSchema, withRevision, withRevisionJson } from '@printpool/contracts';
import type { Knex } from 'knex';
import { backoffDelay } from '@printpool/domain';
import type { Database, Migration } from '../db/database.js';
import { compressWithLz4 } from '../db/fastCompression.js';
import type { Logger } from '../logger.js';
import { detachedFromRequest, headersToRecord, publishInRecordedContext } from '../telemetry/eventSpans.js';
import type { EventBus, EventEnvelope } from './bus.js';
import { insertWithHeaders, outboxHeadersMigration, type OutboxInsert } from './outboxHeaders.js';
import { outboxPublished, watchOutbox } from './outboxMetrics.js';
import { rememberEventData, takeEventData, type WrittenData } from './recentEvents.js';
import { serializedDataOf, withSerializedData } from './serializedData.js';
import { DEFAULT_STREAM_LIMITS } from './streamRetention.js';

export { serializedDataOf, withSerializedData } from './serializedData.js';

/** Add to every publishing service's migrations. */
export const outboxMigrations: Migration[] = [
  {
    name: 'service-kit/001-outbox',
    async up(knex) {
      await knex.schema.createTable('outbox', (t) => {
        t.uuid('id').primary();
        // Insertion order: the order the relay publishes in. Ids and timestamps can tie or skew.
        t.specificType('seq', 'bigserial').notNullable().unique();
        t.text('type').notNullable();
        t.text('tenant_id').notNullable();
        t.timestamp('occurred_at', { useTz: true }).notNullable();
        t.integer('version').notNullable();
        t.jsonb('data').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('published_at', { useTz: true }).nullable();
        t.integer('attempts').notNullable().defaultTo(0);
        t.text('last_error').nullable();
      });
      await knex.raw('CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL');
    },
    async down(knex) {
      await knex.schema.dropTable('outbox');
    },
  },
  {
    name: 'service-kit/002-outbox-data-as-written',
    async up(knex) {
      // The relay reads an event's data back once and nothing queries inside it: json keeps the
      // text as written, where jsonb would parse it into a tree.
      await knex.raw('ALTER TABLE outbox ALTER COLUMN data TYPE json USING data::json');
      await compressWithLz4(knex, 'outbox', 'data');
    },
    async down(knex) {
      await knex.raw('ALTER TABLE outbox ALTER COLUMN data TYPE jsonb USING data::jsonb');
    },
  },
  outboxHeadersMigration,
  {
    name: 'service-kit/004-outbox-data-as-text',
    async up(knex) {
      // Only this module writes the data, and always from JSON.stringify: json would have
      // PostgreSQL parse every event again to check it, a sync's tens of megabytes
      // (bench/sync/RESULTS.md). Text stores the characters as sent, and hands the relay back the
      // very JSON the broker is sent.
      await knex.raw('ALTER TABLE outbox ALTER COLUMN data TYPE text');
      await compressWithLz4(knex, 'outbox', 'data');
    },
    async down(knex) {
      await knex.raw('ALTER TABLE outbox ALTER COLUMN data TYPE json USING data::json');
    },
  },
  {
    name: 'service-kit/005-outbox-waiting-by-company',
    async up(knex) {
      // The relay's turns (nextToPublish): each company's oldest waiting events, read in order.
      await knex.raw('CREATE INDEX outbox_waiting_by_company ON outbox (tenant_id, seq) WHERE published_at IS NULL');
    },
    async down(knex) {
      await knex.raw('DROP INDEX outbox_waiting_by_company');
    },
  },
];

interface OutboxRow {
  id: string;
  seq: number;
  type: string;
  tenant_id: string;
  occurred_at: Date | string;
  version: number;
  /** The data's JSON; read only for events this process does not remember (recentEvents.ts). */
  data?: string;
  published_at: Date | string | null;
  attempts: number;
  last_error: string | null;
  /** What the event is published with (outboxHeaders.ts). */
  headers: Record<string, string> | null;
}

/**
 * Records an event in the caller's transaction, so it is published if and only if the state
 * change it describes commits. Call the relay's publishNow() after the commit.
 */
export async function recordEvent(trx: Knex | Knex.Transaction, envelope: EventEnvelope): Promise<void> {
  await recordEvents(trx, [envelope]);
}

/**
 * Records several events as recordEvent does, with one multi-row INSERT: a change that holds
 * row locks while it writes its events makes every transaction waiting on them pay each round trip.
 */
export async function recordEvents(trx: Knex | Knex.Transaction, envelopes: readonly EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  const rows = envelopes.map((envelope): OutboxInsert => {
    const event = EventEnvelopeSchema.parse(envelope);
    // Serialized here: node-postgres would turn a top-level array into a Postgres array.
    const data = serializedDataOf(envelope);
    rememberEventData(event.id, { value: envelope.data ?? null, json: data });
    return { id: event.id, type: event.type, tenant_id: event.tenantId, occurred_at: event.occurredAt, version: event.version, data };
  });
  // The trace and request the events belong to, published with them (docs/architecture.md §8).
  const headers = headersToRecord();
  if (headers) await insertWithHeaders(trx, rows, headers);
  else await trx('outbox').insert(rows);
}

/**
 * Records events as recordEvents does, as one step (a data-modifying CTE) of the caller's own
 * statement: for events whose data exists only inside that statement, values it reads under row
 * locks it holds, where another round trip would be paid by every transaction waiting on those
 * locks (svc-inventory `ledger/drawLines.ts`). `data` is SQL yielding `(event_id uuid, data
 * jsonb)` for the envelopes handed to recordEventsStepValues, whose values the statement binds
 * by name; an envelope the statement gives no data is not recorded. Events are recorded in the
 * order of their envelopes. The text depends on `data` alone, so it can be a prepared statement's.
 */
export function recordEventsStep(data: string): string {
  return `INSERT INTO outbox (id, type, tenant_id, occurred_at, version, data, headers)
  SELECT e.id, e.type, e.tenant_id, e.occurred_at, e.version, d.data::text, :outboxHeaders::json
  FROM unnest(:outboxIds::uuid[], :outboxTypes::text[], :outboxTenants::text[], :outboxTimes::timestamptz[], :outboxVersions::int[])
    WITH ORDINALITY AS e(id, type, tenant_id, occurred_at, version, n)
  JOIN (${data}) AS d(event_id, data) ON d.event_id = e.id
  ORDER BY e.n`;
}

/**
 * The named values of a recordEventsStep: the envelopes (checked as recordEvents checks them;
 * their data is the statement's) and the headers of the work recording them.
 */
export function recordEventsStepValues(envelopes: readonly EventEnvelope[]): Record<string, unknown> {
  const events = envelopes.map((envelope) => EventEnvelopeSchema.parse(envelope));
  const headers = headersToRecord();
  return {
    outboxIds: events.map((event) => event.id),
    outboxTypes: events.map((event) => event.type),
    outboxTenants: events.map((event) => event.tenantId),
    outboxTimes: events.map((event) => event.occurredAt),
    outboxVersions: events.map((event) => event.version),
    // The trace and request the events belong to, published with them (docs/architecture.md §8).
    outboxHeaders: headers ? JSON.stringify(headers) : null,
  };
}

/**
 * The event as subscribers receive it: its data with its revision, the row's place in the outbox
 * (libs/contracts events/revision.ts).
 */
export function publishedEnvelope(
  row: Pick<OutboxRow, 'id' | 'type' | 'tenant_id' | 'occurred_at' | 'version'> & { seq: number | string },
  data: WrittenData,
): EventEnvelope {
  const revision = Number(row.seq);
  const envelope = {
    id: row.id,
    type: row.type,
    tenantId: row.tenant_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    version: row.version,
    data: withRevision(data.value, revision),
  };
  return withSerializedData(envelope, withRevisionJson(data.json, revision));
}

const HEADER_COLUMNS = ['id', 'seq', 'type', 'tenant_id', 'occurred_at', 'version', 'published_at', 'attempts', 'last_error', 'headers'];

/** Each row's data: as this process wrote it where it remembers it, otherwise from the row. */
async function dataOf(trx: Knex.Transaction, rows: readonly OutboxRow[]): Promise<Map<string, WrittenData>> {
  const data = new Map<string, WrittenData>();
  for (const row of rows) {
    const written = takeEventData(row.id);
    if (written !== undefined) data.set(row.id, written);
  }
  const unknown = rows.filter((row) => !data.has(row.id)).map((row) => row.id);
  if (unknown.length > 0) {
    for (const row of await trx<OutboxRow>('outbox').whereIn('id', unknown).select('id', 'data')) {
      data.set(row.id, { value: JSON.parse(row.data!) as unknown, json: row.data! });
    }
  }
  return data;
}

export interface OutboxRelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Polling period while nothing nudges the relay; also the first retry delay after a failure. */
  intervalMs?: number;
  /**
   * Ceiling of the retry delay, which doubles with each failed pass (default 5 s): a pass that
   * fails for want of the database or the broker costs one query, and once they are back the
   * events must follow within seconds (infra/launch/test/faults: consistent within 30 s).
   */
  maxBackoffMs?: number;
  batchSize?: number;
  /** How long a published event's row is kept (prunePublishedEvents), and how often the relay removes older ones. */
  prune?: { keepPublishedMs: number; everyMs: number };
}

/**
 * A published event's row is kept as long as the event streams keep the event by default
 * (streamRetention.ts), to look into what was sent; nothing reads it after that (a missed event
 * is replayed from JetStream, not from here). Without pruning, a year of a broker's syncs stays
 * in every service's outbox: svc-inventory's gains some 55,000 rows a 70,000-entity import
 * (bench/sync/RESULTS.md).
 */
const DEFAULT_PRUNE = { keepPublishedMs: DEFAULT_STREAM_LIMITS.maxAgeMs, everyMs: 60 * 60 * 1000 };
const PRUNE_BATCH = 10_000;

/**
 * Removes the rows of events published more than `keepPublishedMs` ago, in batches, so no
 * statement holds many rows at once. An unpublished event is never removed, however old. Answers
 * how many went.
 */
export async function prunePublishedEvents(db: Database, keepPublishedMs: number): Promise<number> {
  const publishedBefore = new Date(Date.now() - keepPublishedMs);
  let removed = 0;
  for (;;) {
    const due = db.knex('outbox').select('seq').where('published_at', '<', publishedBefore).limit(PRUNE_BATCH);
    // The rows removed, as every client reports them (PGlite's answers a result object, not a count).
    const batch: { seq: string }[] = await db.knex('outbox').whereIn('seq', due).delete().returning('seq');
    removed += batch.length;
    if (batch.length < PRUNE_BATCH) return removed;
  }
}

export interface OutboxRelay {
  /** Publishes what is recorded now; call after a commit for low latency. Never rejects. */
  publishNow(): Promise<void>;
  /** Finishes the pass in progress and stops polling. */
  stop(): Promise<void>;
}

interface BatchResult {
  published: number;
  full: boolean;
  error?: unknown;
}

/**
 * The next `batchSize` events to publish: each company's in the order recorded, the companies
 * taking turns (the oldest waiting event of each, then the next of each, …), so one company's
 * import recorded as a run of pages never keeps another company's change waiting behind it,
 * however long the run (docs/architecture.md §4, "Changes before imports"). Order per company is
 * all a subscriber may rely on: an entity's events are its company's (libs/contracts
 * asyncapi.yaml). The companies with waiting events are found by skipping through the index of
 * waiting events by company (one probe each), and each gives at most a batch from the same
 * index: a batch reads at most a batch per company waiting, never a company's whole backlog
 * (an import's tens of thousands of change events).
 */
async function nextToPublish(trx: Knex.Transaction, batchSize: number): Promise<OutboxRow[]> {
  const columns = HEADER_COLUMNS.map((column) => `o.${column}`).join(', ');
  const { rows } = await trx.raw<{ rows: OutboxRow[] }>(
    `WITH RECURSIVE waiting(tenant_id) AS (
       (SELECT tenant_id FROM outbox WHERE published_at IS NULL ORDER BY tenant_id LIMIT 1)
       UNION ALL
       SELECT (SELECT o.tenant_id FROM outbox o WHERE o.published_at IS NULL AND o.tenant_id > w.tenant_id ORDER BY o.tenant_id LIMIT 1)
       FROM waiting w WHERE w.tenant_id IS NOT NULL
     )
     SELECT ${columns} FROM waiting w
     CROSS JOIN LATERAL (
       SELECT ${columns}, row_number() OVER (ORDER BY o.seq) AS turn FROM outbox o
       WHERE o.tenant_id = w.tenant_id AND o.published_at IS NULL ORDER BY o.seq LIMIT :batchSize
     ) o
     ORDER BY o.turn, o.seq LIMIT :batchSize`,
    { batchSize },
  );
  return rows;
}

/**
 * Publishes recorded events, each company's in the order they were recorded (nextToPublish), and
 * marks them published. A transaction-scoped advisory lock lets one relay per schema work at a
 * time, so replicas of a service never publish out of order. A failed publish stops the batch
 * there (later events wait for it) and the relay retries with backoff; an event published again after a crash is
 * de-duplicated by JetStream (msgID) and by consumers' inboxes.
 */
export function startOutboxRelay({
  db,
  bus,
  logger,
  intervalMs = 1_000,
  maxBackoffMs = 5_000,
  batchSize = 100,
  prune = DEFAULT_PRUNE,
}: OutboxRelayOptions): OutboxRelay {
  const lockKey = `${db.schema}.outbox`;
  const published = outboxPublished.labels({ schema: db.schema });
  const unwatch = watchOutbox(db);
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let stopped = false;

  const publishBatch = (): Promise<BatchResult> =>
    db.knex.transaction(async (trx) => {
      const lock = await trx.first(trx.raw('pg_try_advisory_xact_lock(hashtext(?)) as locked', [lockKey]));
      if (!lock?.locked) return { published: 0, full: false };
      const rows = await nextToPublish(trx, batchSize);
      const data = await dataOf(trx, rows);
      const done: string[] = [];
      let error: unknown;
      for (const row of rows) {
        try {
          const envelope = publishedEnvelope(row, data.get(row.id)!);
          await publishInRecordedContext(envelope, row.headers, () => bus.publish(envelope));
          done.push(row.id);
        } catch (err) {
          error = err;
          const message = err instanceof Error ? err.message : String(err);
          await trx('outbox')
            .where({ id: row.id })
            .update({ attempts: trx.raw('attempts + 1'), last_error: message });
          break;
        }
      }
      if (done.length > 0) {
        await trx('outbox')
          .whereIn('id', done)
          .update({ published_at: trx.fn.now(), attempts: trx.raw('attempts + 1'), last_error: null });
      }
      return { published: done.length, full: rows.length === batchSize, error };
    });

  async function pass() {
    clearTimeout(timer);
    try {
      let result: BatchResult;
      do {
        result = await publishBatch();
        published.inc(result.published);
        if (result.error) throw result.error;
      } while (result.full && !stopped);
      failures = 0;
    } catch (err) {
      failures++;
      logger.warn({ err, failures }, 'outbox relay could not publish; retrying');
    }
    if (stopped) return;
    const delay = failures === 0 ? intervalMs : backoffDelay(failures - 1, { baseMs: intervalMs, maxMs: maxBackoffMs });
    timer = setTimeout(() => void publishNow(), delay);
  }

  function publishNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!current) {
      // Nudged by one request's commit, a pass publishes every request's events: none of its own.
      current = detachedFromRequest(pass).finally(() => {
        current = undefined;
      });
      return current;
    }
    // A pass is running and may have read the outbox before the caller's commit: run one more.
    queued ??= current.then(() => {
      queued = undefined;
      return publishNow();
    });
    return queued;
  }

  void publishNow();

  let pruning: Promise<void> | undefined;
  const pruneTimer = setInterval(() => {
    pruning ??= prunePublishedEvents(db, prune.keepPublishedMs)
      .then((removed) => void (removed > 0 && logger.info({ removed }, 'outbox: rows of events published long ago removed')))
      .catch((err: unknown) => logger.warn({ err }, 'outbox: could not remove rows of events published long ago; trying again later'))
      .finally(() => {
        pruning = undefined;
      });
  }, prune.everyMs);
  pruneTimer.unref();

  return {
    publishNow,
    async stop() {
      stopped = true;
      unwatch();
      clearTimeout(timer);
      clearInterval(pruneTimer);
      await queued;
      await current;
      await pruning;
    },
  };
}
