import type { WebhookChange } from './change.js';

/** The pre-2026 body: one `eventNotifications` entry per realm, entities as Intuit named them. */
export function legacyBody(realmId: string, changes: WebhookChange[]): string {
  const entities = changes.map((change) => ({
    name: change.entity,
    id: change.id,
    operation: change.operation,
    lastUpdated: change.lastUpdated,
    ...(change.deletedId === undefined ? {} : { deletedId: change.deletedId }),
  }));
  return JSON.stringify({ eventNotifications: [{ realmId, dataChangeEvent: { entities } }] });
}
