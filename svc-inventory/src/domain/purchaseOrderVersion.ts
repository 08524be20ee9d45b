import type { PurchaseOrder } from '@printpool/contracts';
import { fieldDifferences, formVersion } from '@printpool/service-kit';

/** What the broker edits on a purchase order (docs/product.md §4): its status, so a PO's version is of that alone. */
const FORM_FIELDS = [['status', 'Status']] as const satisfies readonly (readonly [keyof PurchaseOrder, string])[];

export const purchaseOrderVersion = (order: Omit<PurchaseOrder, 'version'>): string => formVersion(FORM_FIELDS, order);

export const purchaseOrderDifferences = (current: PurchaseOrder, proposed: Partial<PurchaseOrder>) => fieldDifferences(FORM_FIELDS, current, proposed);
