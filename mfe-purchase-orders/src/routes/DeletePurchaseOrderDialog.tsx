import { Modal } from '@printpool/ui/overlay';
import type { PurchaseOrderWithLines } from '../api/purchaseOrders.js';
import { useDeletePurchaseOrder } from '../api/useDeletePurchaseOrder.js';

/** Asks before deleting a manual purchase order; closes once the call has answered. */
export function DeletePurchaseOrderDialog({ order, onClose }: { order: PurchaseOrderWithLines | null; onClose: () => void }) {
  const remove = useDeletePurchaseOrder();
  return (
    <Modal
      open={order !== null}
      title={`Delete ${order?.poNumber ?? ''}`}
      okText="Delete"
      okButtonProps={{ danger: true }}
      confirmLoading={remove.isPending}
      onOk={() => order && remove.mutate(order.id, { onSettled: onClose })}
      onCancel={onClose}
    >
      Are you sure you want to delete this purchase order?
    </Modal>
  );
}
