import { faults } from '../api/faults.js';
import { queryFields, type EntityDefinition } from './definition.js';

const ITEM_TYPES = new Set(['Inventory', 'NonInventory', 'Service']);

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
  }),
  prepare(draft) {
    if (typeof draft.Name !== 'string' || draft.Name.trim() === '') throw faults.requiredParam('Name');
    draft.Type ??= 'NonInventory';
    if (!ITEM_TYPES.has(String(draft.Type))) {
      throw faults.businessValidation(`Invalid Type ${String(draft.Type)}`, 'Type');
    }
    if (draft.Type === 'Inventory') {
      if (typeof draft.QtyOnHand !== 'number') throw faults.requiredParam('QtyOnHand');
      draft.TrackQtyOnHand = true;
    } else {
      draft.TrackQtyOnHand = false;
    }
    draft.FullyQualifiedName = draft.Name;
    draft.Active ??= true;
    draft.Taxable ??= false;
    draft.UnitPrice ??= 0;
  },
};
