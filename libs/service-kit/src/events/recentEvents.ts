/**
 * Event data this process has just written to an outbox, as the JSON it wrote, by event id.
 * The relay publishes an event moments after its transaction commits; taking the data from
 * here spares PostgreSQL sending back what it was just sent (a sync page's events are
 * megabytes). An event not found here (written by another process, before a restart, or pushed
 * out by newer ones) is read from its row as before. Events of a transaction that rolled back
 * are never asked for and leave as newer ones arrive.
 */
const KEPT_EVENTS = 512;
const recent = new Map<string, string>();

export function rememberEventData(id: string, json: string): void {
  recent.set(id, json);
  if (recent.size > KEPT_EVENTS) recent.delete(recent.keys().next().value!);
}

/** The data written for `id`, forgotten as it is taken: each event is published once. */
export function takeEventData(id: string): string | undefined {
  const json = recent.get(id);
  recent.delete(id);
  return json;
}
