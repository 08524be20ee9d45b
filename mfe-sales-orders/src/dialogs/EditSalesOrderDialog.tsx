import { normalizeLineItems } from '@printpool/domain';
import { Button, Flex } from '@printpool/ui';
import { Form, Select } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useUpdateSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import type { Holding } from '../domain/coveringPurchaseOrders.js';
import { EDITABLE_STATUSES, toUpdateBody, type SalesOrderFormValues } from '../domain/salesOrderUpdate.js';
import { BulkPurchaseOrderField } from './BulkPurchaseOrderField.js';
import { LineItemsEditor } from './LineItemsEditor.js';

const STATUS_OPTIONS = EDITABLE_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) }));

function initialValues(order: SalesOrder): SalesOrderFormValues {
  return {
    customerName: order.customerName ?? '',
    customerEmail: order.customerEmail ?? '',
    status: order.status,
    bulkPoId: order.bulkPoId ?? null,
    items: normalizeLineItems(order.items).map(({ lineId, itemId, itemName, quantity, unitPrice, description, sku }) => ({
      lineId,
      itemId,
      itemName,
      quantity,
      unitPrice,
      description,
      sku,
    })),
  };
}

/** What the order draws now: an active or processing order holds its lines from its bulk purchase order. */
function holdingOf(order: SalesOrder): Holding | undefined {
  if (order.bulkPoId === null || order.bulkPoId === undefined || !HOLDING_STATUSES.has(order.status)) return undefined;
  return { purchaseOrderId: order.bulkPoId, lines: normalizeLineItems(order.items).map(({ itemId, quantity }) => ({ itemId, quantity })) };
}

const HOLDING_STATUSES = new Set(['active', 'processing']);

export function EditSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const [form] = Form.useForm<SalesOrderFormValues>();
  const status = Form.useWatch('status', form) ?? order.status;
  const lines = Form.useWatch('items', form);
  const hasItems = (lines ?? initialValues(order).items ?? []).length > 0;
  const update = useUpdateSalesOrder();

  // getFieldsValue(true) keeps each line's lineId, description and sku, which have no field of their own.
  const save = () => update.mutate(toUpdateBody(order.id, form.getFieldsValue(true) as SalesOrderFormValues), { onSuccess: onClose });

  return (
    <Modal open title={`Edit Sales Order - ${order.soNumber}`} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialValues(order)} onFinish={save} requiredMark={false}>
        <Form.Item label="Customer Name" name="customerName" rules={[{ required: true, whitespace: true, message: 'Customer name is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Customer Email" name="customerEmail" rules={[{ type: 'email', message: 'Please enter a valid email address' }]}>
          <Input type="email" />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select aria-label="Status" options={STATUS_OPTIONS} />
        </Form.Item>
        {status === 'active' && <BulkPurchaseOrderField holding={holdingOf(order)} />}
        <LineItemsEditor />
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={!hasItems || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
