import { useCan } from '@printpool/platform';
import { Flex, Tag } from '@printpool/ui';
import { Select } from '@printpool/ui/input';
import type { PurchaseOrderWithLines } from '../api/purchaseOrders.js';
import { SELECTABLE_STATUSES, useUpdatePurchaseOrderStatus } from '../api/useUpdatePurchaseOrderStatus.js';

/** Open / Closed, saved on change; 'Override' marks a status set here rather than by QuickBooks. A viewer only reads it. */
export function PurchaseOrderStatusSelect({ order }: { order: PurchaseOrderWithLines }) {
  const update = useUpdatePurchaseOrderStatus();
  const canWork = useCan('staff');
  const label = SELECTABLE_STATUSES.find((status) => status.value === order.status)?.label ?? order.status;
  return (
    <Flex align="center" gap={4}>
      {canWork ? (
        <Select
          size="small"
          aria-label={`Status for ${order.poNumber}`}
          value={order.status}
          options={SELECTABLE_STATUSES}
          loading={update.isPending}
          disabled={update.isPending}
          onChange={(status) => update.mutate({ id: order.id, status, version: order.version })}
          style={{ minWidth: 96 }}
        />
      ) : (
        <Tag>{label}</Tag>
      )}
      {order.overrideStatus && <Tag color="orange">Override</Tag>}
    </Flex>
  );
}
