import type { ChangeEvent, EntityName } from '../store/types.js';

/**
 * What an app is notified of: the store's creates, updates and deletes, plus the merges the
 * admin API makes (`id` survives, `deletedId` was merged into it and made inactive).
 */
export interface WebhookChange {
  realmId: string;
  entity: EntityName;
  id: string;
  operation: ChangeEvent['operation'] | 'Merge';
  /** UTC ISO time of the change. */
  lastUpdated: string;
  deletedId?: string;
}
