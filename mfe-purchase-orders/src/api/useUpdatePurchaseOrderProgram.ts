import { IF_MATCH_HEADER } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import type { ProgramBody } from '../domain/programTerms.js';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';

export interface ProgramSave {
  body: ProgramBody;
  /** The version the form was filled from, or the one a conflict showed. */
  version: string;
}

/** PUT /api/purchase-orders/{id}/program on the version the form was opened at (libs/contracts versionedWrite.ts). */
export function useUpdatePurchaseOrderProgram(purchaseOrderId: number) {
  return useNotifiedMutation({
    mutationFn: ({ body, version }: ProgramSave) =>
      callRoute('put /api/purchase-orders/:id/program', { params: { id: purchaseOrderId }, body, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    // The PO's status and units stay as they are, but its history records the save and the list shows its program's end and charges.
    invalidates: [PURCHASE_ORDERS_KEY],
    success: { title: 'Program saved' },
    failure: { title: 'Error', fallback: 'Failed to save the program' },
  });
}
