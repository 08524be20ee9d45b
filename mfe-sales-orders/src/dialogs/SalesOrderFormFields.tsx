import type { ReactNode } from 'react';
import { SalesOrderUpdateSchema } from '@printpool/contracts';
import { EDITABLE_SALES_ORDER_STATUSES } from '@printpool/domain';
import { Form, ruleFrom, Select } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { BulkPurchaseOrderField } from './BulkPurchaseOrderField.js';
import { LineItemsEditor } from './LineItemsEditor.js';

const STATUS_OPTIONS = EDITABLE_SALES_ORDER_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) }));

interface Props {
  /** The status the form holds now: an active order needs its bulk purchase order. */
  status: string;
  /** The order being edited, when it draws from a bulk PO: what it draws counts as available to it. */
  holdingOrderId?: number;
  /** The customer name's input; a plain text box unless given (New Sales Order suggests synced customers). */
  customerInput?: ReactNode;
  /** Shown above the lines (New Sales Order's catalog picker). */
  beforeLines?: ReactNode;
}

/** The Sales Order form's fields (docs/product.md §5), shared by New Sales Order and Edit Sales Order. */
export function SalesOrderFormFields({ status, holdingOrderId, customerInput, beforeLines }: Props) {
  return (
    <>
      <Form.Item label="Customer Name" name="customerName" rules={[ruleFrom(SalesOrderUpdateSchema.shape.customerName)]}>
        {customerInput ?? <Input />}
      </Form.Item>
      <Form.Item label="Customer Email" name="customerEmail" rules={[ruleFrom(SalesOrderUpdateSchema.shape.customerEmail)]}>
        <Input type="email" />
      </Form.Item>
      <Form.Item label="Status" name="status">
        <Select aria-label="Status" options={STATUS_OPTIONS} />
      </Form.Item>
      {status === 'active' && <BulkPurchaseOrderField holdingOrderId={holdingOrderId} />}
      {beforeLines}
      <LineItemsEditor />
    </>
  );
}
