import type { Knex } from 'knex';
import type { EventEnvelope } from '@printpool/contracts';

/**
 * Records several events in the caller's transaction with one multi-row INSERT into
 * service-kit's outbox (the same rows its recordEvent writes, one statement instead of one
 * each): a change's events are written while its row locks are held, so each round trip
 * there costs every transaction waiting on those locks. The envelopes come from createEvent,
 * which has validated them.
 */
export async function recordEvents(trx: Knex.Transaction, envelopes: readonly EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  await trx('outbox').insert(
    envelopes.map((event) => ({
      id: event.id,
      type: event.type,
      tenant_id: event.tenantId,
      occurred_at: event.occurredAt,
      version: event.version,
      // Serialized here: node-postgres would turn a top-level array into a Postgres array.
      data: JSON.stringify(event.data ?? null),
    })),
  );
}
