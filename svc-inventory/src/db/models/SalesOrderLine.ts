import { BaseModel } from './BaseModel.js';

export class SalesOrderLine extends BaseModel {
  static override tableName = 'sales_order_lines';

  id!: number;
  tenantId!: string;
  salesOrderId!: number;
  lineNo!: number;
  itemQbId!: string | null;
  itemName!: string | null;
  description!: string | null;
  sku!: string | null;
  quantity!: number;
  unitPrice!: string;
  totalPrice!: string;
  /** The bundle (QuickBooks Group item) this component line was sold in; all null for a plain line. */
  bundleLineId!: string | null;
  bundleItemQbId!: string | null;
  bundleName!: string | null;
  bundleQuantity!: string | null;
}
