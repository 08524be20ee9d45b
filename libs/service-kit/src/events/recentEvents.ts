/**
 * Event data this process has just written to an outbox, by event id: the value and the JSON it
 * wrote. The relay publishes an event moments after its transaction commits; taking the data
 * from here spares PostgreSQL sending back what it was just sent (a sync page's events are
 * megabytes) and Node parsing it again: the relay hands the bus the very value, and the JSON
 * for the broker. An event not found here (written by another process, before a restart, or
 * pushed out by newer ones) is read from its row as before. Events of a transaction that
 * rolled back are never asked for and leave as newer ones arrive.
 *
 * Bounded by the JSON kept, not by a count: one transaction of a sync's pool consumer records
 * thousands of small events (svc-inventory application/changeSet.ts), and a count that one
 * transaction outgrows sent nearly all of them back through PostgreSQL (bench/sync/RESULTS.md).
 */
const KEPT_JSON_CHARS = 16_000_000;
/** What an entry costs beyond its JSON (its id, the map's slot), so small events count too. */
const ENTRY_OVERHEAD_CHARS = 100;

export interface WrittenData {
  value: unknown;
  /** Exactly JSON.stringify(value). */
  json: string;
}

const recent = new Map<string, WrittenData>();
let keptChars = 0;

const weight = (written: WrittenData) => written.json.length + ENTRY_OVERHEAD_CHARS;

export function rememberEventData(id: string, written: WrittenData): void {
  forget(id);
  recent.set(id, written);
  keptChars += weight(written);
  while (keptChars > KEPT_JSON_CHARS) forget(recent.keys().next().value!);
}

/** The data written for `id`, forgotten as it is taken: each event is published once. */
export function takeEventData(id: string): WrittenData | undefined {
  const written = recent.get(id);
  forget(id);
  return written;
}

function forget(id: string): void {
  const written = recent.get(id);
  if (written === undefined) return;
  recent.delete(id);
  keptChars -= weight(written);
}
