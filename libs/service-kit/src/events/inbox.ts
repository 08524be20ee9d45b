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

export type TransactionalBatchHandler = (events: EventEnvelope[], trx: Knex.Transaction) => Promise<void>;

export interface BatchHandlerOptions {
  /** Most events applied in one transaction; default 100. */
  maxEvents?: number;
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

/**
 * idempotentHandler for a backlog: events handed over while a transaction runs wait and are
 * then applied together, up to `maxEvents` in one transaction, so a consumer catching up pays
 * one commit per batch instead of one per event. The returned handler may be called
 * concurrently (subscribe with `maxInFlight` > 1); each call settles when its event has
 * committed, or rejects with the error that kept it from committing. Events reach `handler`
 * in call order, already-applied ones and repeated ids left out. A failed batch is retried
 * one event per transaction, so only the events that fail alone are rejected.
 */
export function idempotentBatchHandler(db: Database, consumer: string, handler: TransactionalBatchHandler, { maxEvents = 100 }: BatchHandlerOptions = {}): EventHandler {
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError(`maxEvents must be a positive integer, not ${maxEvents}`);
  const queue: Queued[] = [];
  let draining = false;

  const apply = (events: EventEnvelope[]) =>
    db.knex.transaction(async (trx) => {
      const claimed = await claimNew(trx, consumer, events);
      if (claimed.length > 0) await handler(claimed, trx);
    });

  async function commit(batch: Queued[]) {
    try {
      await apply(batch.map((queued) => queued.event));
      for (const queued of batch) queued.resolve();
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const queued of batch) await commit([queued]);
    }
  }

  async function drain() {
    while (queue.length > 0) await commit(queue.splice(0, maxEvents));
    draining = false;
  }

  return (event) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ event, resolve, reject });
      if (draining) return;
      draining = true;
      // Deferred so that the events delivered in the same tick start out as one batch.
      setImmediate(() => void drain());
    });
}
