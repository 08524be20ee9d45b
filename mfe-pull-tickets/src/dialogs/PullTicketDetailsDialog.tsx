import { formatCount, formatDate, formatUsd, normalizeLineItems, orDash, sumQuantities } from '@printpool/domain';
import { DocumentLink, documentHref } from '@printpool/platform';
import { Flex, Typography } from '@printpool/ui';
import { DetailsAndHistory } from '@printpool/ui/history';
import { Modal } from '@printpool/ui/overlay';
import type { PullTicket } from '../api/pullTickets.js';
import { PullTicketStatusTag } from '../components/PullTicketStatusTag.js';
import { OrderDeletedWarning } from '../components/OrderDeletedWarning.js';
import { ApprovalAndShipment } from './ApprovalAndShipment.js';
import { InfoCard } from './InfoCard.js';
import { ProgramOverrideNote } from './ProgramOverrideNote.js';
import { PullTicketItemsTable } from './PullTicketItemsTable.js';

export function PullTicketDetailsDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const items = normalizeLineItems(ticket.items);
  const totalQuantity = sumQuantities(items, (item) => item.quantity);
  return (
    <Modal
      open
      title={`Pull Ticket Details - ${ticket.ptNumber}`}
      onCancel={onClose}
      footer={null}
      width={900}
      styles={{ body: { maxHeight: '75vh', overflowY: 'auto' } }}
    >
      <DetailsAndHistory kind="pull-ticket" id={ticket.id}>
        <Flex vertical gap={16}>
          <OrderDeletedWarning ticket={ticket} />
          <Flex gap={12} wrap>
            <InfoCard
              title="Ticket"
              lines={[
                { label: 'Status', value: <PullTicketStatusTag status={ticket.status} /> },
                // The order and the bulk PO open on their pages, as the order links to its ticket.
                {
                  label: 'Sales Order',
                  value: ticket.soNumber ? <DocumentLink href={documentHref.salesOrder(ticket.soNumber)}>{ticket.soNumber}</DocumentLink> : '-',
                },
                {
                  label: 'Bulk PO',
                  value: ticket.bulkPoNumber ? <DocumentLink href={documentHref.purchaseOrder(ticket.bulkPoNumber)}>{ticket.bulkPoNumber}</DocumentLink> : '-',
                },
                { label: 'Ship By', value: formatDate(ticket.shipByDate) },
                { label: 'Total Qty', value: formatCount(totalQuantity) },
                { label: 'Created', value: formatDate(ticket.createdAt) },
                // What the vendor bills for this release (docs/product.md §11): the broker's to see, never on the vendor's PDF.
                ...(ticket.releaseCharge === null ? [] : [{ label: 'Release charge', value: formatUsd(ticket.releaseCharge) }]),
              ]}
            />
            <InfoCard
              title="Customer"
              lines={[
                { label: 'Name', value: orDash(ticket.customerName) },
                { label: 'Email', value: orDash(ticket.customerEmail) },
                { label: 'Phone', value: orDash(ticket.customerPhone) },
                { label: 'Address', value: orDash(ticket.customerAddress) },
                { label: 'Shipping Address', value: orDash(ticket.customerShippingAddress) },
              ]}
            />
            <InfoCard
              title="Vendor"
              lines={[
                { label: 'Name', value: orDash(ticket.vendorName) },
                { label: 'Email', value: orDash(ticket.vendorEmail) },
                { label: 'Phone', value: orDash(ticket.vendorPhone) },
                { label: 'Address', value: orDash(ticket.vendorAddress) },
              ]}
            />
          </Flex>
          <ProgramOverrideNote ticket={ticket} />
          <ApprovalAndShipment ticket={ticket} />
          {ticket.notes && (
            <div role="group" aria-label="Notes">
              <Typography.Title level={5}>Notes</Typography.Title>
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>{ticket.notes}</Typography.Paragraph>
            </div>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            Items
          </Typography.Title>
          <PullTicketItemsTable items={items} />
        </Flex>
      </DetailsAndHistory>
    </Modal>
  );
}
