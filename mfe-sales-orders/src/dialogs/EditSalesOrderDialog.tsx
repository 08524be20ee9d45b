import { normalizeLineItems } from '@printpool/domain';
import { Button, Flex } from '@printpool/ui';
import { Form } from '@printpool/ui/form';
import { Modal } from '@printpool/ui/overlay';
import { useUpdateSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { toUpdateBody, type SalesOrderFormValues } from '../domain/salesOrderUpdate.js';
import { SalesOrderFormFields } from './SalesOrderFormFields.js';

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

/** An active or processing order holds its lines from its bulk purchase order; they are released and drawn again on save. */
function holdingOrderIdOf(order: SalesOrder): number | undefined {
  return order.bulkPoId === null || order.bulkPoId === undefined || !HOLDING_STATUSES.has(order.status) ? undefined : Number(order.id);
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
        <SalesOrderFormFields status={status} holdingOrderId={holdingOrderIdOf(order)} />
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
