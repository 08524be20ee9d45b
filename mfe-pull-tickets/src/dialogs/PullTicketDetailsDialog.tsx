import { formatCount, normalizeLineItems, orDash } from '@printpool/domain';
import { Flex, Typography } from '@printpool/ui';
import { Modal } from '@printpool/ui/overlay';
import type { PullTicket } from '../api/pullTickets.js';
import { PullTicketStatusTag } from '../components/PullTicketStatusTag.js';
import { formatDate } from '../domain/display.js';
import { ApprovalAndShipment } from './ApprovalAndShipment.js';
import { InfoCard } from './InfoCard.js';
import { PullTicketItemsTable } from './PullTicketItemsTable.js';

export function PullTicketDetailsDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const items = normalizeLineItems(ticket.items);
  const totalQuantity = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Modal open title={`Pull Ticket Details - ${ticket.ptNumber}`} onCancel={onClose} footer={null} width={900} styles={{ body: { maxHeight: '75vh', overflowY: 'auto' } }}>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap>
          <InfoCard
            title="Ticket"
            lines={[
              { label: 'Status', value: <PullTicketStatusTag status={ticket.status} /> },
              { label: 'Sales Order', value: orDash(ticket.soNumber) },
              { label: 'Bulk PO', value: orDash(ticket.bulkPoNumber) },
              { label: 'Ship By', value: formatDate(ticket.shipByDate) },
              { label: 'Total Qty', value: formatCount(totalQuantity) },
              { label: 'Created', value: formatDate(ticket.createdAt) },
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
    </Modal>
  );
}
