import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { EVENT_DOMAINS } from './streams.js';

const token = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** `<domain>.<entity>.<verb>` in kebab case, e.g. `inventory.purchase-order.changed`; also the NATS subject. */
export const EventTypeSchema = z
  .string()
  .regex(new RegExp(`^(?:${EVENT_DOMAINS.join('|')})\\.${token}\\.${token}$`), 'Expected <domain>.<entity>.<verb> with a known domain');

export const EventEnvelopeSchema = z
  .object({
    id: z.uuid({ version: 'v7' }),
    type: EventTypeSchema,
    tenantId: z.string().min(1),
    occurredAt: z.iso.datetime({ offset: true }),
    /** Version of `data`'s schema; a breaking change to `data` publishes a new version. */
    version: z.number().int().min(1),
    data: z.unknown(),
  })
  .meta({ id: 'EventEnvelope' });

export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  tenantId: string;
  occurredAt: string;
  version: number;
  data: T;
}

/**
 * A new event for `tenantId`. The id is a uuid v7, so ids sort by creation time and a
 * republished event keeps the id consumers de-duplicate on.
 */
export function createEvent<T>(type: string, tenantId: string, data: T, version = 1): EventEnvelope<T> {
  const envelope = { id: uuidv7(), type, tenantId, occurredAt: new Date().toISOString(), version, data };
  EventEnvelopeSchema.parse(envelope);
  return envelope;
}
