import { createHash, randomUUID } from 'node:crypto';
import type { WebhookChange } from './change.js';

/** Intuit's verbs in CloudEvents types, past tense and lower case. */
const VERBS: Record<WebhookChange['operation'], string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Merge: 'merged',
};

/** `intuit.<base64 of a hash>`: Intuit names the source per app; the client id stands in for the app here. */
export function cloudEventsSource(clientId: string): string {
  return `intuit.${createHash('sha256').update(clientId).digest('base64')}`;
}

/**
 * The 2026 body: a JSON array of CloudEvents 1.0 events, one per change. Only merges carry
 * `data` (`{ deletedid }`, spelled in lower case as Intuit does); other events have neither
 * `data` nor `datacontenttype`, as Intuit sends updates.
 */
export function cloudEventsBody(realmId: string, changes: WebhookChange[], source: string): string {
  const events = changes.map((change) => ({
    specversion: '1.0',
    id: `${randomUUID()}-${change.entity}-${change.id}`,
    source,
    type: `qbo.${change.entity.toLowerCase()}.${VERBS[change.operation]}.v1`,
    time: change.lastUpdated,
    intuitentityid: change.id,
    intuitaccountid: realmId,
    ...(change.deletedId === undefined ? {} : { datacontenttype: 'application/json', data: { deletedid: change.deletedId } }),
  }));
  return JSON.stringify(events);
}
