import { Typography } from '@printpool/ui';
import { Modal } from '@printpool/ui/overlay';
import { useAcceptSalesOrder } from '../api/useAcceptSalesOrder.js';
import type { SalesOrder } from '../api/salesOrders.js';

/**
 * Accept order (docs/product.md §4): the broker records that the customer accepted a manual order.
 * It is confirmed first, as it commits the order's units to it for good (only cancelling or
 * editing it down returns them) and makes it releasable to the vendor.
 */
export function AcceptSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const accept = useAcceptSalesOrder();
  return (
    <Modal
      open
      title={`Accept Sales Order - ${order.soNumber}`}
      okText={accept.isPending ? 'Accepting...' : 'Accept order'}
      okButtonProps={{ disabled: accept.isPending }}
      onOk={() => accept.mutate(order, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {order.customerName} accepted this order. It becomes processing, drawn from{' '}
        {order.bulkPoNumber ? `bulk PO ${order.bulkPoNumber}` : 'the oldest bulk PO that covers it'}, and can be released to the vendor on pull tickets.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">Sync to QuickBooks then creates its estimate as Accepted.</Typography.Paragraph>
    </Modal>
  );
}
