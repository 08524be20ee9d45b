import { Modal } from '@printpool/ui/overlay';
import { useDeleteSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';

/** Deleting cannot be undone, so it is confirmed first (spec §5). */
export function DeleteSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const remove = useDeleteSalesOrder();
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
