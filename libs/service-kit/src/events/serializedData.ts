import type { EventEnvelope } from './bus.js';

const SERIALIZED_DATA = new WeakMap<EventEnvelope, string>();

/**
 * Hands the outbox and the broker the event's data already serialized, for a publisher that
 * had to serialize it anyway (to keep an event under the broker's size limit): a sync page is
 * then turned into JSON once, not once per step. `json` must be exactly
 * JSON.stringify(envelope.data).
 */
export function withSerializedData<T extends EventEnvelope>(envelope: T, json: string): T {
  SERIALIZED_DATA.set(envelope, json);
  return envelope;
}

/** The data as JSON: as it was handed over, or serialized now. */
export function serializedDataOf(envelope: EventEnvelope): string {
  return SERIALIZED_DATA.get(envelope) ?? JSON.stringify(envelope.data ?? null);
}

/** JSON.stringify(envelope), with the data's JSON as it was handed over. */
export function serializedEnvelope(envelope: EventEnvelope): string {
  const json = SERIALIZED_DATA.get(envelope);
  if (json === undefined) return JSON.stringify(envelope);
  const head = JSON.stringify({ ...envelope, data: undefined });
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"data":${json}}`;
}
