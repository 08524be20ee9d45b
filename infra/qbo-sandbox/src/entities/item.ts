import { faults } from '../api/faults.js';
import { queryFields, refValue, type EntityDefinition, type PrepareContext } from './definition.js';

const ITEM_TYPES = new Set(['Inventory', 'NonInventory', 'Service', 'Group', 'Category']);
/** QBO nests sub-items at most four levels below a top-level item. */
const MAX_LEVEL = 4;

/**
 * A sub-record (`ParentRef`): its `Level` is one below its parent's and its FullyQualifiedName
 * is the parent's joined to its own name with `:`, so "500 ct" under two parents stays two names.
 */
export function placeUnderParent(
  draft: Record<string, unknown>,
  ctx: PrepareContext,
  entity: 'Item' | 'Customer',
  ownName: string,
  flag: 'SubItem' | 'Job',
): void {
  const parentId = refValue(draft.ParentRef);
  if (!parentId || draft[flag] === false) {
    delete draft.ParentRef;
    draft[flag] = false;
    draft.Level = 0;
    draft.FullyQualifiedName = ownName;
    return;
  }
  const parent = ctx.lookup(entity, parentId);
  if (!parent) throw faults.invalidReference(`${entity} ${parentId} was not found or has been deleted`, 'ParentRef');
  const level = Number(parent.Level ?? 0) + 1;
  if (level > MAX_LEVEL) throw faults.businessValidation(`Sub-${entity.toLowerCase()}s can be nested at most ${MAX_LEVEL} levels deep`, 'ParentRef');
  const parentName = String(parent.FullyQualifiedName ?? parent.Name ?? parent.DisplayName);
  draft.ParentRef = { value: parentId, name: parentName };
  draft[flag] = true;
  draft.Level = level;
  draft.FullyQualifiedName = `${parentName}:${ownName}`;
}

export const item: EntityDefinition = {
  name: 'Item',
  path: 'item',
  nameList: true,
  uniqueName: 'Name',
  fields: queryFields({
    Name: 'string',
    Sku: 'string',
    Type: 'string',
    Active: 'boolean',
    UnitPrice: 'number',
    QtyOnHand: 'number',
    FullyQualifiedName: 'string',
    ParentRef: 'ref',
    Level: 'number',
    SubItem: 'boolean',
  }),
  prepare(draft, ctx) {
    if (typeof draft.Name !== 'string' || draft.Name.trim() === '') throw faults.requiredParam('Name');
    draft.Type ??= 'NonInventory';
    if (!ITEM_TYPES.has(String(draft.Type))) {
      throw faults.businessValidation(`Invalid Type ${String(draft.Type)}`, 'Type');
    }
    placeUnderParent(draft, ctx, 'Item', draft.Name, 'SubItem');
    draft.Active ??= true;
    if (draft.Type === 'Category') {
      // A category only groups items in lists: no price, account or quantity.
      for (const key of ['UnitPrice', 'PurchaseCost', 'IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef', 'QtyOnHand', 'Taxable']) delete draft[key];
      draft.TrackQtyOnHand = false;
      return;
    }
    if (draft.Type === 'Group') {
      const lines = (draft.ItemGroupDetail as { ItemGroupLine?: unknown } | undefined)?.ItemGroupLine;
      if (!Array.isArray(lines) || lines.length === 0) throw faults.requiredParam('ItemGroupDetail.ItemGroupLine');
      draft.ItemGroupDetail = {
        ItemGroupLine: lines.map((line: { ItemRef?: unknown; Qty?: unknown }, index) => {
          const id = refValue(line.ItemRef);
          const member = id ? ctx.lookup('Item', id) : undefined;
          if (!member || !['Inventory', 'NonInventory', 'Service'].includes(String(member.Type))) {
            throw faults.invalidReference(`Item ${String(id)} cannot be part of a group`, `ItemGroupDetail.ItemGroupLine[${index}].ItemRef`);
          }
          return { ItemRef: { value: id, name: member.FullyQualifiedName ?? member.Name, type: 'Item' }, Qty: typeof line.Qty === 'number' ? line.Qty : 1 };
        }),
      };
      draft.PrintGroupedItems ??= false;
      draft.TrackQtyOnHand = false;
      delete draft.UnitPrice;
      return;
    }
    if (draft.Type === 'Inventory') {
      if (typeof draft.QtyOnHand !== 'number') throw faults.requiredParam('QtyOnHand');
      draft.TrackQtyOnHand = true;
    } else {
      draft.TrackQtyOnHand = false;
    }
    draft.Taxable ??= false;
    draft.UnitPrice ??= 0;
  },
};
