import {
  PurchaseOrderReceiptsSchema,
  ReceiptToWriteSchema,
  type PurchaseOrderReceipts,
  type ReceiptToWrite,
  type ReceiptWriteBackResult,
} from '@printpool/contracts';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';

/**
 * svc-inventory's receipts of bulk POs, read and annotated on behalf of the calling tenant, each
 * answer read through its route contract (libs/contracts inventoryReceipts.ts).
 */
export class InventoryReceipts {
  constructor(private readonly client: ServiceClient) {}

  private path(purchaseOrderId: string, receiptId: string, rest: string): string {
    return `/api/internal/purchase-orders/${encodeURIComponent(purchaseOrderId)}/receipts/${encodeURIComponent(receiptId)}/${rest}`;
  }

  /** What to write to the QuickBooks PO for the receipt; 404, 409 and 422 are passed on as they are. */
  async toWrite(caller: CallerIdentity, purchaseOrderId: string, receiptId: string): Promise<ReceiptToWrite> {
    return ReceiptToWriteSchema.parse((await this.client.json<unknown>(caller, 'GET', this.path(purchaseOrderId, receiptId, 'write-back'))).body);
  }

  /** Records how the write went; answers the run as it now stands. */
  async record(caller: CallerIdentity, receipt: ReceiptToWrite, result: ReceiptWriteBackResult): Promise<PurchaseOrderReceipts> {
    const path = this.path(String(receipt.purchaseOrderId), String(receipt.receiptId), 'write-back-result');
    return PurchaseOrderReceiptsSchema.parse((await this.client.json<unknown>(caller, 'POST', path, result)).body);
  }
}
