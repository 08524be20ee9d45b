import { z } from 'zod';

/**
 * The field the outbox relay adds to every event's `data` as it publishes it (service-kit
 * events/outbox.ts): the event's place in its producer's outbox. Changes to one entity are made
 * one after another under that entity's row locks, each recording its event before it commits,
 * so a later change of an entity always has a larger revision. Not consecutive: one entity's
 * revisions skip the numbers of every other event in between.
 */
export const EVENT_REVISION_FIELD = 'revision';

export const EventRevisionSchema = z
  .number()
  .int()
  .positive()
  .describe(
    "larger for every later change of the same entity (the purchase order, sales order, pull ticket, item, ...): apply an entity's event only when its revision is larger than the last applied; not consecutive",
  );

const published = new WeakMap<z.ZodType, z.ZodType>();

/** `schema` (an event's data as its producer writes it) as subscribers receive it: with its revision. */
export function publishedDataSchema(schema: z.ZodType): z.ZodType {
  let extended = published.get(schema);
  if (!extended) {
    if (!(schema instanceof z.ZodObject)) throw new Error('an event schema describes an object');
    // Without the original's metadata: its id names the schema as written, in the global registry.
    extended = schema.extend({ [EVENT_REVISION_FIELD]: EventRevisionSchema });
    published.set(schema, extended);
  }
  return extended;
}

/** `data` with `revision` set, as published; data that is not an object is left as it is. */
export function withRevision(data: unknown, revision: number): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return { ...data, [EVENT_REVISION_FIELD]: revision };
}

/**
 * The JSON text of withRevision(JSON.parse(json), revision), without parsing it: a sync page's
 * data runs to megabytes. `json` is JSON.stringify's (service-kit serializedData.ts), so an
 * object is exactly `{…}` and an empty one `{}`.
 */
export function withRevisionJson(json: string, revision: number): string {
  if (!json.startsWith('{') || !json.endsWith('}')) return json;
  return `${json.slice(0, -1)}${json === '{}' ? '' : ','}"${EVENT_REVISION_FIELD}":${revision}}`;
}
