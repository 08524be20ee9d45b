import { syncEntityByQboName } from './syncEntities.js';
import type { WebhookOperation } from './webhookChange.js';

/** Intuit's past-tense verbs; others (`emailed`, …) change nothing PrintPool keeps. */
const VERBS: Record<string, WebhookOperation> = {
  created: 'Create',
  updated: 'Update',
  deleted: 'Delete',
  merged: 'Merge',
  voided: 'Void',
};

/**
 * Reads `qbo.<entity>.<verb>.v1` (entity in lower case: `qbo.purchaseorder.updated.v1`).
 * Undefined for anything else — another product, an entity PrintPool does not sync, a verb
 * it has no use for, or a version it was not written against.
 */
export function readCloudEventType(type: string): { name: string; operation: WebhookOperation } | undefined {
  const match = /^qbo\.([a-z]+)\.([a-z]+)\.v1$/.exec(type);
  if (!match) return undefined;
  const entity = syncEntityByQboName(match[1]!);
  const operation = VERBS[match[2]!];
  return entity && operation ? { name: entity.qboName, operation } : undefined;
}
