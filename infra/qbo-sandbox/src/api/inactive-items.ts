import { refValue } from '../entities/definition.js';
import type { EntityDefinition } from '../entities/index.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore } from '../store/store.js';
import { faults } from './faults.js';

const ITEM_DETAILS = new Set(['SalesItemLineDetail', 'ItemBasedExpenseLineDetail']);

/** The items named on item lines, a bundle's components included. */
function itemIds(lines: unknown): string[] {
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    if (!line || typeof line !== 'object') return [];
    const fields = line as Record<string, unknown>;
    const detailType = String(fields.DetailType);
    const own = ITEM_DETAILS.has(detailType) ? refValue((fields[detailType] as { ItemRef?: unknown } | undefined)?.ItemRef) : undefined;
    const parts = (fields.GroupLineDetail as { Line?: unknown } | undefined)?.Line;
    return [...(own ? [own] : []), ...itemIds(parts)];
  });
}

/**
 * Intuit refuses a line that puts an inactive item on a transaction (2500). A transaction that
 * already held the item before it was made inactive keeps it: an update may send those lines back.
 */
export function refuseInactiveItems(
  store: SandboxStore,
  realm: Realm,
  definition: EntityDefinition,
  body: Record<string, unknown>,
  operation: 'create' | 'update',
): void {
  const sent = itemIds(body.Line);
  if (sent.length === 0) return;
  const existing = operation === 'update' ? store.get(realm, definition.name, String(body.Id)) : undefined;
  const held = new Set(itemIds(existing?.data.Line));
  for (const id of sent) {
    if (!held.has(id) && store.get(realm, 'Item', id)?.data.Active === false) throw faults.madeInactive();
  }
}
