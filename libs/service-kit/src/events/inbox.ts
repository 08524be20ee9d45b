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
 * Makes a handler exactly-once per `consumer` under at-least-once delivery: the inbox row and
 * the handler's writes (made through `trx`) commit together, and an event whose id is already
 * in the inbox is skipped. A handler that throws rolls both back, so the redelivery applies it.
 */
export function idempotentHandler(db: Database, consumer: string, handler: TransactionalEventHandler): EventHandler {
  return (event) =>
    db.knex.transaction(async (trx) => {
      // Claiming first makes a concurrent duplicate wait on the key and then skip.
      const claimed = await trx('inbox').insert({ consumer, event_id: event.id }).onConflict(['consumer', 'event_id']).ignore().returning('event_id');
      if (claimed.length > 0) await handler(event, trx);
    });
}
