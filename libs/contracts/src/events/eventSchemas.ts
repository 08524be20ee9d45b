import type { z } from 'zod';
import { ACCOUNTING_EVENT_SCHEMAS } from './accounting.js';
import { DOCUMENTS_EVENT_SCHEMAS } from './documents.js';
import type { EventEnvelope } from './envelope.js';
import { IDENTITY_EVENT_SCHEMAS } from './identity.js';
import { INVENTORY_EVENT_SCHEMAS } from './inventory.js';
import { EVENT_REVISION_FIELD, publishedDataSchema } from './revision.js';

/** The data version every schema here describes: a breaking change publishes a new one. */
export const EVENT_DATA_VERSION = 1;

/** Every event PrintPool publishes, by type, with the schema of its data: what producers send and consumers parse with. */
export const EVENT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ...ACCOUNTING_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...DOCUMENTS_EVENT_SCHEMAS,
  ...IDENTITY_EVENT_SCHEMAS,
};

/**
 * Why consumers could not read `event` as its contract promises: a type with no schema, a data
 * version none is written for, or data its schema refuses (the first field named). Null when
 * they can. The data is as its producer wrote it, or as published, with its revision (revision.ts).
 */
export function eventContractProblem(event: Pick<EventEnvelope, 'type' | 'version' | 'data'>): string | null {
  const written = Object.hasOwn(EVENT_SCHEMAS, event.type) ? EVENT_SCHEMAS[event.type] : undefined;
  if (!written) return `${event.type} has no schema in libs/contracts`;
  if (event.version !== EVENT_DATA_VERSION) return `${event.type} data version ${event.version} has no schema (libs/contracts describes ${EVENT_DATA_VERSION})`;
  const published = typeof event.data === 'object' && event.data !== null && Object.hasOwn(event.data, EVENT_REVISION_FIELD);
  const schema = published ? publishedDataSchema(written) : written;
  const checked = schema.safeParse(event.data);
  if (checked.success) {
    // The AsyncAPI document forbids what a schema does not name (additionalProperties: false), so a strict subscriber refuses it.
    const extra = unnamedField(event.data, checked.data, []);
    return extra === null ? null : `${event.type} breaks its contract at '${extra}': a field its schema does not name`;
  }
  const [issue] = checked.error.issues;
  return `${event.type} breaks its contract at '${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}`;
}

/** The path of the first field of `sent` that the schema's parse of it dropped, else null. */
function unnamedField(sent: unknown, parsed: unknown, path: readonly (string | number)[]): string | null {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (const [index, element] of sent.entries()) {
      const found = unnamedField(element, parsed[index], [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (sent === null || parsed === null || typeof sent !== 'object' || typeof parsed !== 'object') return null;
  for (const [key, value] of Object.entries(sent)) {
    if (!Object.hasOwn(parsed, key)) return [...path, key].join('.');
    const found = unnamedField(value, (parsed as Record<string, unknown>)[key], [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
