import { faults } from '../api/faults.js';
import { DEFINITIONS } from '../entities/index.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore, WriteOptions } from '../store/store.js';
import { ENTITY_NAMES, type EntityName, type QboObject } from '../store/types.js';

export interface MergeResult {
  /** The surviving record, after the merge. */
  into: QboObject;
  /** The merged-away record, now inactive. */
  from: QboObject;
  /** Transactions and records whose references moved to the surviving record. */
  moved: number;
}

/** A copy of `value` with every `<key>: { value: fromId }` reference pointing at `into`; undefined when nothing pointed at `fromId`. */
function repointed(value: unknown, keys: Set<string>, fromId: string, into: { value: string; name: string | undefined }): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => repointed(item, keys, fromId, into));
    return items.some((item) => item !== undefined) ? items.map((item, i) => item ?? value[i]) : undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const ref = child as { value?: unknown; name?: unknown } | null;
    let next: unknown;
    if (keys.has(key) && ref && typeof ref === 'object' && String(ref.value) === fromId) {
      next = { ...ref, value: into.value, ...(ref.name === undefined || into.name === undefined ? {} : { name: into.name }) };
    } else {
      next = repointed(child, keys, fromId, into);
    }
    if (next !== undefined) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return copy;
}

/**
 * A QBO user's merge of two name-list records (customers, vendors or items): what referred to
 * `fromId` refers to `intoId`, and `fromId` is made inactive, as QBO keeps merged-away records.
 * Each write notifies as usual; the caller reports the merge itself.
 */
export function mergeRecords(store: SandboxStore, realm: Realm, entity: EntityName, fromId: string, intoId: string, options: WriteOptions): MergeResult {
  if (!DEFINITIONS[entity].nameList) throw faults.unsupportedOperation('Merge');
  if (fromId === intoId) throw faults.businessValidation('A record cannot be merged into itself', 'Id');
  const from = store.get(realm, entity, fromId);
  if (!from) throw faults.objectNotFound(entity, fromId);
  const into = store.get(realm, entity, intoId);
  if (!into) throw faults.objectNotFound(entity, intoId);
  if (from.data.Active === false || into.data.Active === false) throw faults.businessValidation('Inactive records cannot be merged', 'Active');
  const currency = (data: Record<string, unknown>) => (data.CurrencyRef as { value?: string } | undefined)?.value ?? 'USD';
  if (currency(from.data) !== currency(into.data)) throw faults.businessValidation('Names with different currencies cannot be merged', 'CurrencyRef');

  const name = (into.data.DisplayName ?? into.data.Name) as string | undefined;
  let moved = 0;
  for (const other of ENTITY_NAMES) {
    // Other records name the entity in their reference (CustomerRef); records of its own kind hang from it by ParentRef.
    const keys = new Set([other === entity ? 'ParentRef' : `${entity}Ref`]);
    const candidates = [...realm.tables[other].byId];
    for (const record of candidates) {
      if (other === entity && record.data.Id === fromId) continue;
      const changed = repointed(record.data, keys, fromId, { value: intoId, name }) as Record<string, unknown> | undefined;
      if (!changed) continue;
      // A sparse update of just the properties that held a reference, as QBO's own merge touches nothing else.
      const sparse = Object.fromEntries(Object.entries(changed).filter(([key, value]) => value !== record.data[key]));
      store.update(realm, other, { ...sparse, Id: record.data.Id }, true, options);
      moved += 1;
    }
  }
  const merged = store.update(realm, entity, { Id: fromId, Active: false }, true, options);
  // QBO touches the surviving record too (its balance now includes the merged one's).
  const survivor = store.update(realm, entity, { Id: intoId }, true, options);
  return { into: survivor, from: merged, moved };
}
