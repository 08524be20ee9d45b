import { ESTIMATE_DELETED_IN_QUICKBOOKS } from '@printpool/contracts';
import { formatDateTime } from '@printpool/domain';
import { useCan } from '@printpool/platform';
import { Button, Flex, Tag } from '@printpool/ui';
import { Alert } from '@printpool/ui/form';
import { useConfirmDeletedInQuickbooks, useRecreateEstimate } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';

/** The list's badge of an order kept after QuickBooks deleted its estimate (docs/product.md §4). */
export function DeletedInQuickbooksTag({ order }: { order: Pick<SalesOrder, 'deletedInQuickbooksAt'> }) {
  if (!order.deletedInQuickbooksAt) return null;
  return <Tag color="red">Deleted in QuickBooks</Tag>;
}

/**
 * The details dialog's word on such an order: why it is still here, and the broker's two ways
 * out. Confirming releases its stock; re-creating writes it back as a new estimate. A viewer
 * reads the warning alone.
 */
export function DeletedInQuickbooksNotice({ order, onDone }: { order: SalesOrder; onDone?: () => void }) {
  const canWork = useCan('staff');
  const confirm = useConfirmDeletedInQuickbooks();
  const recreate = useRecreateEstimate();
  if (!order.deletedInQuickbooksAt) return null;
  const busy = confirm.isPending || recreate.isPending;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={`${ESTIMATE_DELETED_IN_QUICKBOOKS} (${formatDateTime(order.deletedInQuickbooksAt)})`}
      description={
        <Flex vertical gap={8}>
          <span>
            The order is kept, read-only, because a pull ticket, an edit not yet in QuickBooks or a shipment depends on it. Its stock stays held and its open
            pull tickets cannot be shipped or e-mailed until you decide.
          </span>
          {canWork && (
            <Flex gap={8} wrap>
              <Button size="small" disabled={busy} onClick={() => recreate.mutate(order, { onSuccess: onDone })}>
                Re-create in QuickBooks
              </Button>
              <Button size="small" danger disabled={busy} onClick={() => confirm.mutate(order, { onSuccess: onDone })}>
                Confirm deletion
              </Button>
            </Flex>
          )}
        </Flex>
      }
    />
  );
}
