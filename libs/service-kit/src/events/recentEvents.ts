/**
 * Event data this process has just written to an outbox, by event id: the value and the JSON it
 * wrote. The relay publishes an event moments after its transaction commits; taking the data
 * from here spares PostgreSQL sending back what it was just sent (a sync page's events are
 * megabytes) and Node parsing it again: the relay hands the bus the very value, and the JSON
 * for the broker. An event not found here (written by another process, before a restart, or
 * pushed out by newer ones) is read from its row as before. Events of a transaction that
 * rolled back are never asked for and leave as newer ones arrive.
 */
const KEPT_EVENTS = 512;
export interface WrittenData {
  value: unknown;
  /** Exactly JSON.stringify(value). */
  json: string;
}

const recent = new Map<string, WrittenData>();

export function rememberEventData(id: string, written: WrittenData): void {
  recent.set(id, written);
  if (recent.size > KEPT_EVENTS) recent.delete(recent.keys().next().value!);
}

/** The data written for `id`, forgotten as it is taken: each event is published once. */
export function takeEventData(id: string): WrittenData | undefined {
  const written = recent.get(id);
  recent.delete(id);
  return written;
}
