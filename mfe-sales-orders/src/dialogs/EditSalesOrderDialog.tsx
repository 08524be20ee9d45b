import { useState } from 'react';
import type { VersionChoice } from '@printpool/contracts';
import { formatUnitPrice, normalizeLineItems } from '@printpool/domain';
import { versionConflictOf } from '@printpool/platform';
import { Button, Flex } from '@printpool/ui';
import { Alert, Form, VersionConflictReview } from '@printpool/ui/form';
import { Modal } from '@printpool/ui/overlay';
import { useUpdateSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { toUpdateBody, type SalesOrderFormValues } from '../domain/salesOrderUpdate.js';
import { resolveConflict } from '../domain/versionConflict.js';
import { deletedNotice } from '../domain/deletedOrder.js';
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

/** A value of the review as the form shows it: a whole line as its item, quantity and unit price. */
function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'object') return String(value);
  const line = value as { itemName?: string | null; itemId?: string | null; quantity?: number; unitPrice?: number };
  return `${line.itemName ?? line.itemId ?? 'Line'}: ${line.quantity ?? 0} at ${formatUnitPrice(line.unitPrice ?? 0)}`;
}

const HOLDING_STATUSES = new Set(['active', 'processing']);

export function EditSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const [form] = Form.useForm<SalesOrderFormValues>();
  const [initial] = useState(() => initialValues(order));
  const status = Form.useWatch('status', form) ?? order.status;
  // The number of lines alone: watching the lines themselves would render the whole dialog on every keystroke.
  const lineCount = Form.useWatch((values: SalesOrderFormValues) => values.items?.length, { form, preserve: true }) ?? initial.items?.length ?? 0;
  const hasItems = lineCount > 0;
  const update = useUpdateSalesOrder();
  const conflict = versionConflictOf<SalesOrder>(update.error);
  const gone = deletedNotice(order, update.error);

  // getFieldsValue(true) keeps each line's lineId, description and sku, which have no field of their own.
  const formValues = () => form.getFieldsValue(true) as SalesOrderFormValues;
  const save = () => update.mutate({ body: toUpdateBody(order.id, formValues()), version: order.version }, { onSuccess: onClose });
  // The person's input, with the saved values they chose, on the version they were shown.
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveConflict(formValues(), conflict!.differences, choices);
    form.setFieldsValue(resolved);
    update.mutate({ body: toUpdateBody(order.id, resolved), version: conflict!.current.version }, { onSuccess: onClose });
  };

  return (
    <Modal open title={`Edit Sales Order - ${order.soNumber}`} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} requiredMark={false}>
        <SalesOrderFormFields status={status} holdingOrderId={holdingOrderIdOf(order)} />
        {gone && <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={gone.title} description={gone.description} />}
        {conflict && (
          <VersionConflictReview
            key={conflict.current.version}
            what="order"
            differences={conflict.differences}
            saving={update.isPending}
            onSaveAgain={saveAgain}
            shown={shownValue}
          />
        )}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={!hasItems || update.isPending || gone !== null}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
