import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/database.js';
import { processMetrics, sharedReading } from '../telemetry/processMetrics.js';

/** The outboxes this process relays, by schema: their backlog is read from the table at each scrape. */
const watched = new Map<string, Database>();

interface Backlog {
  schema: string;
  events: number;
  oldestSeconds: number;
}

const backlogs = sharedReading(async () => {
  const read = await Promise.all(
    [...watched.values()].map(async (db): Promise<Backlog | undefined> => {
      try {
        const row = await db
          .knex('outbox')
          .whereNull('published_at')
          .first(db.knex.raw('count(*)::integer as events'), db.knex.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest'));
        return { schema: db.schema, events: Number(row?.events ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
      } catch {
        // The database is away: no figure rather than a wrong one (readiness says why).
        return undefined;
      }
    }),
  );
  return read.filter((backlog): backlog is Backlog => backlog !== undefined);
});

new Gauge({
  name: 'outbox_unpublished_events',
  help: 'Events recorded in the outbox and not yet published, per schema',
  labelNames: ['schema'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const backlog of await backlogs()) this.set({ schema: backlog.schema }, backlog.events);
  },
});

new Gauge({
  name: 'outbox_oldest_unpublished_age_seconds',
  help: 'How long the oldest unpublished event has waited in the outbox (0 when none waits), per schema',
  labelNames: ['schema'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const backlog of await backlogs()) this.set({ schema: backlog.schema }, backlog.oldestSeconds);
  },
});

export const outboxPublished = new Counter({
  name: 'outbox_published_events_total',
  help: 'Events the outbox relay published, per schema',
  labelNames: ['schema'] as const,
  registers: [processMetrics],
});

/** Reports `db`'s outbox backlog on /metrics until the returned function is called (the relay stops). */
export function watchOutbox(db: Database): () => void {
  watched.set(db.schema, db);
  return () => {
    if (watched.get(db.schema) === db) watched.delete(db.schema);
  };
}
