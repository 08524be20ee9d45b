import { formatDate, normalizeLineItems } from '@printpool/domain';
import { Typography } from '@printpool/ui';
import { Form } from '@printpool/ui/form';
import { Modal } from '@printpool/ui/overlay';
import { useCreatePullTicket } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { BulkPurchaseOrderField } from './BulkPurchaseOrderField.js';
import { DocumentLink, documentHref } from '@printpool/platform';

export const NEEDS_BULK_PO = 'Choose the bulk purchase order that covers this order before creating its pull ticket';

/**
 * Creating an order's pull ticket. The vendor pulls from the order's bulk PO, so an order
 * without one first gets one: the broker chooses among the bulk POs covering every line, and
 * svc-inventory draws the order from it as it creates the ticket. An order that already
 * has a ticket gets another only when the broker confirms it here, for a split shipment: two
 * tickets for one order would have the vendor ship it twice.
 */
export function CreatePullTicketDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const create = useCreatePullTicket();
  const existing = order.fulfilment && order.fulfilment.status !== 'cancelled' ? order.fulfilment : null;
  const title = existing ? `Create another pull ticket - ${order.soNumber}` : `Create Pull Ticket - ${order.soNumber}`;

  if (!order.bulkPoId) return <ChooseBulkPoFirst order={order} title={title} onClose={onClose} />;

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
            This order already has pull ticket <DocumentLink href={documentHref.pullTicket(existing.ptNumber)}>{existing.ptNumber}</DocumentLink> (
            {existing.status}
            {existing.shippedAt ? `, shipped ${formatDate(existing.shippedAt)}` : ''}).
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

/** An order without a bulk PO: the broker picks the covering one, and the ticket is made from it. */
function ChooseBulkPoFirst({ order, title, onClose }: { order: SalesOrder; title: string; onClose: () => void }) {
  const create = useCreatePullTicket();
  const [form] = Form.useForm<{ bulkPoId: number | null }>();
  const submit = async () => {
    const { bulkPoId } = await form.validateFields();
    create.mutate({ order, bulkPoId: Number(bulkPoId) }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title={title}
      okText={create.isPending ? 'Creating...' : 'Create Pull Ticket'}
      okButtonProps={{ disabled: create.isPending }}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Typography.Paragraph>{NEEDS_BULK_PO}.</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ items: normalizeLineItems(order.items), bulkPoId: null }}>
        {/* The picker offers only the bulk POs holding every line of the order. */}
        <Form.Item name="items" hidden />
        <BulkPurchaseOrderField />
      </Form>
    </Modal>
  );
}
