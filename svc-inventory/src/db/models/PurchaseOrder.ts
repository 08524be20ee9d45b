import { BaseModel } from './BaseModel.js';
import { PurchaseOrderLine } from './PurchaseOrderLine.js';

export type PurchaseOrderStatus = 'open' | 'closed';
export type PoType = 'BULK' | 'STANDARD';

export class PurchaseOrder extends BaseModel {
  static override tableName = 'purchase_orders';

  id!: number;
  tenantId!: string;
  qbId!: string | null;
  poNumber!: string;
  vendorQbId!: string | null;
  vendorName!: string | null;
  vendorEmail!: string | null;
  poType!: PoType;
  sourceStatus!: PurchaseOrderStatus;
  overrideStatus!: PurchaseOrderStatus | null;
  txnDate!: Date | null;
  totalAmount!: string;
  /** QuickBooks' subtotal, discount and tax (null until synced with them, or after an edit here) and currency (migration 009). */
  subtotal!: string | null;
  discount!: string | null;
  tax!: string | null;
  currency!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  lines?: PurchaseOrderLine[];

  static override relationMappings = () => ({
    lines: {
      relation: BaseModel.HasManyRelation,
      modelClass: PurchaseOrderLine,
      join: { from: 'purchase_orders.id', to: 'purchase_order_lines.purchase_order_id' },
    },
  });
}
