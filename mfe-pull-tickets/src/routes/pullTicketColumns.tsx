import { formatCount, orDash, totalQuantity } from '@printpool/domain';
import type { TableColumnsType } from '@printpool/ui/table';
import type { ReactNode } from 'react';
import type { PullTicket } from '../api/pullTickets.js';
import { PullTicketStatusTag } from '../components/PullTicketStatusTag.js';
import { formatDate } from '../domain/display.js';

export function pullTicketColumns(renderActions: (ticket: PullTicket) => ReactNode): TableColumnsType<PullTicket> {
  return [
    { title: 'Ticket #', dataIndex: 'ptNumber' },
    { title: 'Sales Order', dataIndex: 'soNumber', render: orDash },
    { title: 'Customer', dataIndex: 'customerName', render: orDash },
    { title: 'Vendor', dataIndex: 'vendorName', render: orDash },
    { title: 'Total Qty', key: 'totalQty', render: (_, ticket) => formatCount(totalQuantity(ticket.items)), align: 'right' },
    { title: 'Status', dataIndex: 'status', render: (status: string) => <PullTicketStatusTag status={status} /> },
    { title: 'Created', dataIndex: 'createdAt', render: formatDate },
    { title: 'Actions', key: 'actions', render: (_, ticket) => renderActions(ticket) },
  ];
}
