import type { Knex } from 'knex';
import type { Database, Migration } from '../db/database.js';
import type { EventEnvelope, EventHandler } from './bus.js';

/** Add to a consuming service's migrations: the event ids each of its consumers has applied. */
export const inboxMigrations: Migration[] = [
  {
    name: 'service-kit/002-inbox',
    async up(knex) {
      await knex.schema.createTable('inbox', (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer', 'event_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('inbox');
    },
  },
];

export type TransactionalEventHandler = (event: EventEnvelope, trx: Knex.Transaction) => Promise<void>;

/**
 * Where a batch stands in its tenant's backlog. `waiting` counts the tenant's events already
 * handed over and queued behind the batch: work whose result the next batch would redo anyway
 * (a whole-tenant recomputation) can wait for the batch that ends the backlog, where `waiting`
 * is 0. That batch reaches the handler even when all its events were applied before (then
 * `events` is empty), so work deferred by an earlier batch is never left undone.
 */
export interface Backlog {
  tenantId: string;
  waiting: number;
}

/** Applies events of one tenant (idempotentBatchHandler never mixes tenants in a batch). */
export type TransactionalBatchHandler = (events: EventEnvelope[], trx: Knex.Transaction, backlog: Backlog) => Promise<void>;

export interface BatchHandlerOptions {
  /** Most events applied in one transaction; default 100. */
  maxEvents?: number;
  /**
   * Most work in one transaction, as `weigh` counts it (say, the records an event carries); a
   * single heavier event still goes alone. Keeps a backlog of large events from becoming one
   * transaction that holds its locks for minutes. Default: no bound beyond maxEvents.
   */
  maxWeight?: number;
  weigh?: (event: EventEnvelope) => number;
  /** Tenants whose transactions run at the same time; default 3: a service's consumers together stay well inside its connection pool (10). */
  maxTenantsAtOnce?: number;
  /**
   * An event weighing at least this (`weigh`) is an import's page, not a change: a tenant with
   * one queued is a backlog, applied one tenant at a time and only when no other tenant's change
   * waits for its turn. Default: no event is a page.
   */
  pageWeight?: number;
}

/**
 * Records `events` in the inbox of `consumer` with one statement and answers those it had not
 * recorded before, in the given order, each id once. Claiming before the handler's writes makes
 * a concurrent duplicate wait on the key and then skip.
 */
async function claimNew(trx: Knex.Transaction, consumer: string, events: readonly EventEnvelope[]): Promise<EventEnvelope[]> {
  // Keyed in lower case because PostgreSQL answers a uuid in lower case, whatever case was sent.
  const byId = new Map<string, EventEnvelope>();
  for (const event of events) {
    const id = event.id.toLowerCase();
    if (!byId.has(id)) byId.set(id, event);
  }
  // Claiming in id order makes two transactions with overlapping events wait on each other
  // instead of deadlocking.
  const rows = [...byId.keys()].sort().map((id) => ({ consumer, event_id: id }));
  const claimed: Array<{ event_id: string }> = await trx('inbox').insert(rows).onConflict(['consumer', 'event_id']).ignore().returning('event_id');
  const claimedIds = new Set(claimed.map((row) => row.event_id));
  return [...byId].filter(([id]) => claimedIds.has(id)).map(([, event]) => event);
}

/**
 * Makes a handler exactly-once per `consumer` under at-least-once delivery: the inbox row and
 * the handler's writes (made through `trx`) commit together, and an event whose id is already
 * in the inbox is skipped. A handler that throws rolls both back, so the redelivery applies it.
 */
export function idempotentHandler(db: Database, consumer: string, handler: TransactionalEventHandler): EventHandler {
  return (event) =>
    db.knex.transaction(async (trx) => {
      const [claimed] = await claimNew(trx, consumer, [event]);
      if (claimed) await handler(claimed, trx);
    });
}

interface Queued {
  event: EventEnvelope;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The first events of `queue` that make one transaction: at most `maxEvents`, and at most `maxWeight` unless the first alone weighs more. */
function nextBatch(queue: Queued[], maxEvents: number, maxWeight: number, weigh: (event: EventEnvelope) => number): Queued[] {
  let count = 0;
  let weight = 0;
  while (count < Math.min(maxEvents, queue.length)) {
    const next = weigh(queue[count]!.event);
    if (count > 0 && weight + next > maxWeight) break;
    weight += next;
    count++;
  }
  return queue.splice(0, count);
}

/**
 * idempotentHandler for a backlog: events handed over while a transaction runs wait and are
 * then applied together, within the bounds of `options`, so a consumer catching up pays one
 * commit per batch instead of one per event. The returned handler may be called concurrently
 * (subscribe with `maxInFlight` > 1); each call settles when its event has committed, or
 * rejects with the error that kept it from committing. Each tenant's events wait in a queue of
 * their own and reach `handler` in call order, already-applied ones and repeated ids left out;
 * tenants' queues are applied side by side, so one tenant's backlog never holds up another's
 * event behind its transactions. A failed batch is retried one event per transaction, so only
 * the events that fail alone are rejected.
 *
 * Tenants take turns in two lanes. A tenant with an import's page queued (`pageWeight`) is in
 * the import lane: one such tenant at a time, and none starts a batch while a tenant with only
 * changes waits for a turn, so a company's full sync never keeps another company's change
 * waiting for more than the batch it is applying (docs/architecture.md §4). A tenant's own
 * events stay in its one queue, in order, whichever lane it is in.
 */
export function idempotentBatchHandler(db: Database, consumer: string, handler: TransactionalBatchHandler, options: BatchHandlerOptions = {}): EventHandler {
  const { maxEvents = 100, maxWeight = Number.POSITIVE_INFINITY, weigh = () => 1, maxTenantsAtOnce = 3, pageWeight = Number.POSITIVE_INFINITY } = options;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError(`maxEvents must be a positive integer, not ${maxEvents}`);
  if (!(maxWeight > 0)) throw new RangeError(`maxWeight must be positive, not ${maxWeight}`);
  /** Each tenant's waiting events; a tenant is here from its first event until its queue is empty. */
  const queues = new Map<string, Queued[]>();
  /** Tenants with events, not yet being applied, in the order their turn came: changes only, and with an import's page. */
  const ready = { changes: [] as string[], imports: [] as string[] };
  let running = 0;
  let importing = 0;

  /** Tenants a batch was handed to while more of their events waited: their backlog's last batch is owed to the handler. */
  const deferring = new Set<string>();

  const isImport = (queue: readonly Queued[]) => queue.some((queued) => weigh(queued.event) >= pageWeight);

  const apply = (events: EventEnvelope[], waiting: number) =>
    db.knex.transaction(async (trx) => {
      const tenantId = events[0]!.tenantId;
      const claimed = await claimNew(trx, consumer, events);
      if (claimed.length === 0 && (waiting > 0 || !deferring.has(tenantId))) return;
      if (waiting > 0) deferring.add(tenantId);
      else deferring.delete(tenantId);
      await handler(claimed, trx, { tenantId, waiting });
    });

  async function commit(batch: Queued[], waiting: number) {
    try {
      await apply(
        batch.map((queued) => queued.event),
        waiting,
      );
      for (const queued of batch) queued.resolve();
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      // Retried alone, each event counts as the backlog's last: one that keeps failing must not leave deferred work undone.
      else for (const queued of batch) await commit([queued], 0);
    }
  }

  /** Applies one batch of the tenant's, then more while no other tenant waits for a turn; then gives its turn up. */
  async function drain(tenantId: string, importLane: boolean) {
    const queue = queues.get(tenantId)!;
    do {
      const batch = nextBatch(queue, maxEvents, maxWeight, weigh);
      await commit(batch, queue.length);
      // A page that joined a tenant taken for its changes waits for the import lane's turn.
    } while (queue.length > 0 && ready.changes.length === 0 && ready.imports.length === 0 && (importLane || !isImport(queue)));
    running--;
    if (importLane) importing--;
    if (queue.length === 0) queues.delete(tenantId);
    else (isImport(queue) ? ready.imports : ready.changes).push(tenantId);
    startReady();
  }

  function startReady() {
    while (running < maxTenantsAtOnce) {
      const change = ready.changes.shift();
      if (change !== undefined) {
        // A page may have joined the tenant's queue while it waited.
        if (isImport(queues.get(change)!)) {
          ready.imports.push(change);
          continue;
        }
        running++;
        void drain(change, false);
        continue;
      }
      if (importing > 0 || ready.imports.length === 0) return;
      running++;
      importing++;
      void drain(ready.imports.shift()!, true);
    }
  }

  return (event) =>
    new Promise<void>((resolve, reject) => {
      const waiting = queues.get(event.tenantId);
      if (waiting) return void waiting.push({ event, resolve, reject });
      const queue = [{ event, resolve, reject }];
      queues.set(event.tenantId, queue);
      (isImport(queue) ? ready.imports : ready.changes).push(event.tenantId);
      // Deferred so that the events delivered in the same tick start out as one batch.
      setImmediate(startReady);
    });
}
