import { DELETED_ORDER_READ_ONLY, ESTIMATE_DELETED_IN_QUICKBOOKS } from '@printpool/contracts';
import { ApiError } from '@printpool/platform';
import type { SalesOrder } from '@printpool/contracts';

/** A save or action on an order deleted since the page read it (by someone here, or with its estimate in QuickBooks). */
export const SALES_ORDER_GONE =
  'This sales order no longer exists: it was deleted, here or with its estimate in QuickBooks, after you opened it. Nothing was saved.';

/** What an open edit form says when its order cannot be saved any more. */
export interface DeletedNotice {
  title: string;
  description: string;
}

/**
 * Why the edit form cannot save: the order was kept after QuickBooks deleted its estimate (read-only
 * until the broker decides, docs/product.md §4), or it is gone altogether (deleted since the form
 * opened: the save answered 404). Null while the form may save.
 */
export function deletedNotice(order: Pick<SalesOrder, 'deletedInQuickbooksAt'>, saveError: unknown): DeletedNotice | null {
  if (saveError instanceof ApiError && saveError.status === 404) return { title: 'This sales order was deleted', description: SALES_ORDER_GONE };
  const refusedAsDeleted = saveError instanceof ApiError && saveError.status === 409 && saveError.message === DELETED_ORDER_READ_ONLY;
  if (order.deletedInQuickbooksAt || refusedAsDeleted) return { title: ESTIMATE_DELETED_IN_QUICKBOOKS, description: DELETED_ORDER_READ_ONLY };
  return null;
}
