import type { ReorderEstimateToCreate } from '@printpool/contracts';
import { newLine } from './estimateWriteBack.js';

type ToCreate = Extract<ReorderEstimateToCreate, { status: 'to-create' }>;

/**
 * The estimate a reorder alert asks for (docs/product.md §12): the customer, one line of the item at
 * the last bulk run's quantity and the last price, and nothing else. QuickBooks numbers it, copies
 * the customer's addresses and e-mail and sets it Pending, as for an estimate made there; the
 * broker edits it in QuickBooks before sending it.
 */
export function newReorderEstimate(reorder: ToCreate): Record<string, unknown> {
  return {
    CustomerRef: { value: reorder.customerQbId },
    Line: [newLine({ itemId: reorder.itemId, quantity: reorder.quantity, unitPrice: reorder.unitPrice, description: null })],
  };
}
