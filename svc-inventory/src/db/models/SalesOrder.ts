import type { SalesOrderStatus } from '../../domain/salesOrderStatus.js';
import { BaseModel } from './BaseModel.js';
import { SalesOrderLine } from './SalesOrderLine.js';

export class SalesOrder extends BaseModel {
  static override tableName = 'sales_orders';

  id!: number;
  tenantId!: string;
  qbId!: string | null;
  soNumber!: string;
  customerQbId!: string | null;
  customerName!: string;
  customerEmail!: string | null;
  txnStatus!: string | null;
  status!: SalesOrderStatus;
  bulkPoId!: number | null;
  /** Why no bulk purchase order holds this order, shown beside a 'pending' status. */
  allocationNote!: string | null;
  totalQuantity!: number;
  totalAmount!: string;
  /** QuickBooks' subtotal, discount and tax (null until synced with them, or after an edit here) and currency (migration 009). */
  subtotal!: string | null;
  discount!: string | null;
  tax!: string | null;
  currency!: string | null;
  syncStatus!: string | null;
  syncError!: string | null;
  syncToken!: string | null;
  qbUpdatedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
  lines?: SalesOrderLine[];

  static override relationMappings = () => ({
    lines: {
      relation: BaseModel.HasManyRelation,
      modelClass: SalesOrderLine,
      join: { from: 'sales_orders.id', to: 'sales_order_lines.sales_order_id' },
    },
  });
}
