import { Registry } from 'prom-client';

/**
 * Metrics of the work a process does beside answering requests: its outbox, its event consumers,
 * its read caches, its sync runs. Served with each service's own request metrics on /metrics
 * (createServiceApp); in the all-in-one mode every service's /metrics shows the whole process's,
 * told apart by their labels (schema, consumer).
 */
export const processMetrics = new Registry();

/**
 * Runs `read` at most once per `maxAgeMs` and shares its answer: several gauges filled from one
 * look at the broker or the database cost one look per scrape.
 */
export function sharedReading<T>(read: () => Promise<T>, maxAgeMs = 1_000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > maxAgeMs) last = { at: now, value: read() };
    return last.value;
  };
}
