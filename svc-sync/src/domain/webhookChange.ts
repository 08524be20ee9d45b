/** What a webhook asks the sync to do, whichever body it came in. */
export type WebhookOperation = 'Create' | 'Update' | 'Delete' | 'Merge' | 'Void';

export const WEBHOOK_OPERATIONS: ReadonlySet<string> = new Set<WebhookOperation>(['Create', 'Update', 'Delete', 'Merge', 'Void']);

export interface WebhookChange {
  /** The QBO entity as PrintPool syncs it (`Estimate`, `PurchaseOrder`, …). */
  name: string;
  id: string;
  operation: WebhookOperation;
  /** On a Merge: the record merged into `id`, which QBO made inactive. */
  deletedId?: string;
}

/** The changes a webhook reported for one QBO company. */
export interface RealmChanges {
  realmId: string;
  changes: WebhookChange[];
}
