import { BaseModel } from './BaseModel.js';

/** One draw in the ledger: units of an item a sales order line holds on a bulk PO line until released. */
export class Allocation extends BaseModel {
  static override tableName = 'allocations';

  id!: number;
  tenantId!: string;
  salesOrderId!: number;
  salesOrderLineId!: number | null;
  purchaseOrderLineId!: number;
  itemQbId!: string;
  qty!: number;
  createdAt!: Date;
  releasedAt!: Date | null;
}
