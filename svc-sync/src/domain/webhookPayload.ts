import { z } from 'zod';
import { readCloudEventType } from './cloudEventType.js';
import { syncEntityByQboName } from './syncEntities.js';
import { WEBHOOK_OPERATIONS, type RealmChanges, type WebhookChange, type WebhookOperation } from './webhookChange.js';

/** The pre-2026 body: `{"eventNotifications":[{realmId, dataChangeEvent:{entities:[…]}}]}`. */
const LegacyBody = z.object({
  eventNotifications: z.array(
    z.object({
      realmId: z.string(),
      dataChangeEvent: z
        .object({
          entities: z.array(z.object({ name: z.string(), id: z.string(), operation: z.string(), deletedId: z.string().optional() }).loose()).default([]),
        })
        .optional(),
    }),
  ),
});

/** One event of the 2026 body, a JSON array of CloudEvents 1.0. Merges carry `data.deletedid`. */
const CloudEvent = z
  .object({
    specversion: z.string(),
    id: z.string(),
    type: z.string(),
    intuitentityid: z.string().min(1),
    intuitaccountid: z.string().min(1),
    data: z
      .object({ deletedid: z.string().min(1).optional() })
      .loose()
      .nullish(),
  })
  .loose();

export interface WebhookPayload {
  /** Changes PrintPool acts on, per company, in the order Intuit listed them. */
  realms: RealmChanges[];
  /** What was skipped (event types, or `Entity:Operation` of the legacy body), for the log. */
  ignored: string[];
}

function collect(realms: Map<string, WebhookChange[]>, realmId: string, change: WebhookChange): void {
  const changes = realms.get(realmId) ?? [];
  changes.push(change);
  realms.set(realmId, changes);
}

function fromLegacy(body: z.infer<typeof LegacyBody>, realms: Map<string, WebhookChange[]>, ignored: string[]): void {
  for (const notification of body.eventNotifications) {
    for (const entity of notification.dataChangeEvent?.entities ?? []) {
      const synced = syncEntityByQboName(entity.name);
      if (!synced || !WEBHOOK_OPERATIONS.has(entity.operation) || !entity.id) {
        ignored.push(`${entity.name}:${entity.operation}`);
        continue;
      }
      const operation = entity.operation as WebhookOperation;
      const deletedId = operation === 'Merge' ? entity.deletedId : undefined;
      collect(realms, notification.realmId, { name: synced.qboName, id: entity.id, operation, ...(deletedId ? { deletedId } : {}) });
    }
  }
}

function fromCloudEvents(events: unknown[], realms: Map<string, WebhookChange[]>, ignored: string[]): void {
  for (const raw of events) {
    const event = CloudEvent.safeParse(raw);
    if (!event.success) {
      ignored.push('unreadable event');
      continue;
    }
    const kind = readCloudEventType(event.data.type);
    if (!kind) {
      ignored.push(event.data.type);
      continue;
    }
    const deletedId = kind.operation === 'Merge' ? event.data.data?.deletedid : undefined;
    collect(realms, event.data.intuitaccountid, { ...kind, id: event.data.intuitentityid, ...(deletedId ? { deletedId } : {}) });
  }
}

/**
 * Reads either body Intuit sends: a JSON array is CloudEvents, an object with
 * `eventNotifications` the legacy format. Undefined when it is neither, so the caller can
 * log it (and still answer 200: Intuit would only retry a body that will never read).
 */
export function readWebhookPayload(body: unknown): WebhookPayload | undefined {
  const realms = new Map<string, WebhookChange[]>();
  const ignored: string[] = [];
  if (Array.isArray(body)) {
    fromCloudEvents(body, realms, ignored);
  } else {
    const legacy = LegacyBody.safeParse(body);
    if (!legacy.success) return undefined;
    fromLegacy(legacy.data, realms, ignored);
  }
  return { realms: [...realms].map(([realmId, changes]) => ({ realmId, changes })), ignored };
}
