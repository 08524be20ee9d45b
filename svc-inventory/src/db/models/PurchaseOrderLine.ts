import { BaseModel } from './BaseModel.js';

export class PurchaseOrderLine extends BaseModel {
  static override tableName = 'purchase_order_lines';

  id!: number;
  tenantId!: string;
  purchaseOrderId!: number;
  lineNo!: number;
  qbLineId!: string | null;
  itemQbId!: string | null;
  itemName!: string | null;
  description!: string | null;
  qty!: number;
  unitPrice!: string;
  qtyRemaining!: number;
  /** 'expense': a cost booked to an account (no item, qty 0), never stock. */
  kind!: 'item' | 'expense';
  /** QuickBooks' line Amount; null for lines stored before it was kept. */
  amount!: string | null;
}
