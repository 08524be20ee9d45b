import { formatCount, formatDate, orDash, totalQuantity } from '@printpool/domain';
import { Flex } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import type { ReactNode } from 'react';
import type { PullTicket } from '../api/pullTickets.js';
import { PullTicketStatusTag } from '../components/PullTicketStatusTag.js';
import { OrderDeletedTag } from '../components/OrderDeletedWarning.js';

export function pullTicketColumns(renderActions: (ticket: PullTicket) => ReactNode): TableColumnsType<PullTicket> {
  return [
    // A column with `sorter` sorts on the server by its key (libs/contracts orderLists.ts).
    { title: 'Ticket #', dataIndex: 'ptNumber', key: 'ptNumber', sorter: true },
    { title: 'Sales Order', dataIndex: 'soNumber', key: 'soNumber', sorter: true, render: orDash },
    { title: 'Customer', dataIndex: 'customerName', key: 'customerName', sorter: true, render: orDash },
    { title: 'Vendor', dataIndex: 'vendorName', key: 'vendorName', sorter: true, render: orDash },
    { title: 'Total Qty', key: 'totalQty', render: (_, ticket) => formatCount(totalQuantity(ticket.items)), align: 'right' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (status: string, ticket) => (
        <Flex gap={4} wrap>
          <PullTicketStatusTag status={status} />
          <OrderDeletedTag ticket={ticket} />
        </Flex>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatDate },
    { title: 'Actions', key: 'actions', render: (_, ticket) => renderActions(ticket) },
  ];
}
