import { Typography } from '@printpool/ui';
import { Modal } from '@printpool/ui/overlay';
import { useCreatePullTicket } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { PullTicketLink } from './PullTicketLink.js';

export const NEEDS_BULK_PO = 'Choose the bulk purchase order that covers this order before creating its pull ticket';

/**
 * Creating an order's pull ticket. The vendor pulls from the order's bulk PO, so an order
 * without one cannot have a ticket (svc-inventory refuses it as well). An order that already
 * has a ticket gets another only when the broker confirms it here, for a split shipment: two
 * tickets for one order would have the vendor ship it twice.
 */
export function CreatePullTicketDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const create = useCreatePullTicket();
  const existing = order.fulfilment && order.fulfilment.status !== 'cancelled' ? order.fulfilment : null;
  const title = existing ? `Create another pull ticket - ${order.soNumber}` : `Create Pull Ticket - ${order.soNumber}`;

  if (!order.bulkPoId) {
    return (
      <Modal open title={title} okText="OK" cancelButtonProps={{ style: { display: 'none' } }} onOk={onClose} onCancel={onClose}>
        <Typography.Paragraph>{NEEDS_BULK_PO}.</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          This order draws from no bulk purchase order, so no vendor would know what to pull. Choose a covering bulk PO for the order, then create its pull ticket.
        </Typography.Paragraph>
      </Modal>
    );
  }

  const confirmLabel = existing ? 'Create another' : 'Create Pull Ticket';
  return (
    <Modal
      open
      title={title}
      okText={create.isPending ? 'Creating...' : confirmLabel}
      okButtonProps={{ disabled: create.isPending, danger: Boolean(existing) }}
      onOk={() => create.mutate({ order, force: Boolean(existing) }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      {existing ? (
        <>
          <Typography.Paragraph>
            This order already has pull ticket <PullTicketLink ptNumber={existing.ptNumber} /> ({existing.status}
            {existing.shippedAt ? `, shipped ${new Date(existing.shippedAt).toLocaleDateString('en-US')}` : ''}).
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Create another only to ship part of the order separately: the vendor will be asked to pull every item of the order again.
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph>
          Create a pull ticket for {order.soNumber}, for the vendor of bulk PO {order.bulkPoNumber ?? ''} to pull its items?
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
