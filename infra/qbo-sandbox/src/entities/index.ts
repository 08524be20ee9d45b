import type { EntityName } from '../store/types.js';
import { customer } from './customer.js';
import type { EntityDefinition } from './definition.js';
import { estimate } from './estimate.js';
import { item } from './item.js';
import { invoice } from './invoice.js';
import { purchaseOrder } from './purchase-order.js';
import { account, taxCode, taxRate, term } from './reference-lists.js';
import { vendor } from './vendor.js';

export const DEFINITIONS: Record<EntityName, EntityDefinition> = {
  Customer: customer,
  Vendor: vendor,
  Item: item,
  PurchaseOrder: purchaseOrder,
  Estimate: estimate,
  Invoice: invoice,
  Account: account,
  TaxCode: taxCode,
  TaxRate: taxRate,
  Term: term,
};

const byLowerName = new Map(Object.values(DEFINITIONS).map((definition) => [definition.name.toLowerCase(), definition]));

/** Entity names in queries, URLs and CDC lists are case-insensitive at Intuit. */
export function definitionFor(name: string): EntityDefinition | undefined {
  return byLowerName.get(name.toLowerCase());
}

export type { EntityDefinition } from './definition.js';
