import { formatDate } from '@printpool/domain';
import { DocumentLink, documentHref } from '@printpool/platform';
import { Card, Typography } from '@printpool/ui';
import type { ReactNode } from 'react';
import type { SalesOrder } from '../api/salesOrders.js';

/**
 * How the order is being fulfilled: its bulk PO, its latest pull ticket and the shipment. An
 * order released in several tickets stays 'processing' until the last units ship (docs/product.md
 * §4), so this is where the broker sees what has left meanwhile.
 */
export function FulfilmentCard({ order }: { order: SalesOrder }) {
  const ticket = order.fulfilment ?? null;
  if (!ticket && !order.bulkPoNumber) return null;
  const line = (label: string, value: ReactNode) => (
    <div>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      <Typography.Text>{value}</Typography.Text>
    </div>
  );
  return (
    <Card size="small" title="Fulfilment" role="group" aria-label="Fulfilment">
      {line('Bulk PO', order.bulkPoNumber ? <DocumentLink href={documentHref.purchaseOrder(order.bulkPoNumber)}>{order.bulkPoNumber}</DocumentLink> : '-')}
      {ticket ? (
        <>
          {line('Pull Ticket', <DocumentLink href={documentHref.pullTicket(ticket.ptNumber)}>{ticket.ptNumber}</DocumentLink>)}
          {line('Ticket Status', ticket.status)}
          {line('Shipped', formatDate(ticket.shippedAt))}
          {ticket.carrier && line('Carrier', ticket.carrier)}
          {ticket.trackingNumber && line('Tracking Number', ticket.trackingNumber)}
          {ticket.ticketCount > 1 && line('Pull Tickets', `${ticket.ticketCount} for this order`)}
        </>
      ) : (
        line('Pull Ticket', 'None yet')
      )}
    </Card>
  );
}
