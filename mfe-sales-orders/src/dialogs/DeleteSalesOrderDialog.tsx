import { Button, Typography } from '@printpool/ui';
import { Modal } from '@printpool/ui/overlay';
import { useDeleteSalesOrder, useRejectEstimate } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';

export const SYNCED_DELETE_WARNING =
  'Deleting removes the order from PrintPool only: its estimate stays in QuickBooks, and the order comes back the next time the estimate changes there.';
export const REJECT_INSTEAD =
  'To end it in QuickBooks too, mark the estimate Rejected there instead: the order stays here as cancelled and releases the inventory it holds.';

/**
 * Deleting cannot be undone, so it is confirmed first (docs/product.md §5). A synced order's estimate is
 * not deleted in QuickBooks (docs/quickbooks.md: write-back never deletes), so the dialog says
 * so and offers what does end it there: the estimate marked Rejected (svc-sync's estimateWriter.ts).
 */
export function DeleteSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const remove = useDeleteSalesOrder();
  const reject = useRejectEstimate();
  const busy = remove.isPending || reject.isPending;
  if (!order.qbId) {
    return (
      <Modal
        open
        title={`Delete Sales Order - ${order.soNumber}`}
        okText={remove.isPending ? 'Deleting...' : 'Delete'}
        okButtonProps={{ danger: true, disabled: remove.isPending }}
        onOk={() => remove.mutate(order, { onSuccess: onClose })}
        onCancel={onClose}
      >
        Are you sure you want to delete this sales order?
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={`Delete Sales Order - ${order.soNumber}`}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          Cancel
        </Button>,
        <Button key="reject" type="primary" disabled={busy} onClick={() => reject.mutate(order, { onSuccess: onClose })}>
          {reject.isPending ? 'Marking Rejected...' : 'Mark Rejected in QuickBooks'}
        </Button>,
        <Button key="delete" danger disabled={busy} onClick={() => remove.mutate(order, { onSuccess: onClose })}>
          {remove.isPending ? 'Deleting...' : 'Delete from PrintPool only'}
        </Button>,
      ]}
    >
      <Typography.Paragraph>Are you sure you want to delete this sales order?</Typography.Paragraph>
      <Typography.Paragraph>{SYNCED_DELETE_WARNING}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{REJECT_INSTEAD}</Typography.Paragraph>
    </Modal>
  );
}
