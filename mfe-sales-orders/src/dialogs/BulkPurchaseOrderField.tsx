import { formatCount } from '@printpool/domain';
import { Typography } from '@printpool/ui';
import { Form, Select } from '@printpool/ui/form';
import { useOpenBulkPurchaseOrders } from '../api/openBulkPurchaseOrders.js';
import { coveringPurchaseOrders, type Holding } from '../domain/coveringPurchaseOrders.js';
import type { EditableLine } from '../domain/salesOrderUpdate.js';

export const BULK_PO_REQUIRED = 'Bulk Purchase Order with sufficient inventory is required when status is Active';
export const NO_COVERING_PO = 'No bulk purchase orders with sufficient inventory for these items';

/** For an active order: the bulk purchase order it draws from, among those that can fill every line. */
export function BulkPurchaseOrderField({ holding }: { holding?: Holding }) {
  const form = Form.useFormInstance();
  const lines = (Form.useWatch('items', form) ?? []) as EditableLine[];
  const { data, isLoading } = useOpenBulkPurchaseOrders();
  const demand = lines.map((line) => ({ itemId: line?.itemId?.trim() || null, quantity: line?.quantity ?? 0 }));
  const candidates = coveringPurchaseOrders(data ?? [], demand, holding);
  const candidateIds = new Set(candidates.map((po) => String(po.id)));

  return (
    <Form.Item
      label="Bulk Purchase Order"
      name="bulkPoId"
      dependencies={['status', 'items']}
      rules={[
        {
          validator: async (_, value: unknown) => {
            // A choice the edited lines no longer fit counts as no choice.
            if (value === null || value === undefined || !candidateIds.has(String(value))) throw new Error(BULK_PO_REQUIRED);
          },
        },
      ]}
      extra={!isLoading && candidates.length === 0 ? <Typography.Text type="warning">{NO_COVERING_PO}</Typography.Text> : undefined}
    >
      <Select
        aria-label="Bulk Purchase Order"
        placeholder="Select a bulk purchase order"
        loading={isLoading}
        // The reason stays visible under the field; an empty list needs no second copy of it.
        notFoundContent={null}
        options={candidates.map((po) => ({
          value: po.id,
          label: `${po.poNumber} — ${po.vendorName ?? 'Unknown vendor'} (${formatCount(po.quantityRemaining)} remaining)`,
        }))}
      />
    </Form.Item>
  );
}
