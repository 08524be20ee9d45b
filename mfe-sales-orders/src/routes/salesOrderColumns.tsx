import { formatDate, formatMoney } from '@printpool/domain';
import { Flex } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import type { ReactNode } from 'react';
import type { SalesOrder } from '../api/salesOrders.js';
import { SalesOrderStatusTag } from '../components/SalesOrderStatusTag.js';
import { SyncStatusCell } from '../components/SyncStatusCell.js';
import { DeletedInQuickbooksTag } from '../components/DeletedInQuickbooks.js';

export function salesOrderColumns(renderActions: (order: SalesOrder) => ReactNode): TableColumnsType<SalesOrder> {
  return [
    // A column with `sorter` sorts on the server by its key (libs/contracts orderLists.ts).
    { title: 'SO Number', dataIndex: 'soNumber', key: 'soNumber', sorter: true },
    { title: 'Customer', dataIndex: 'customerName', key: 'customerName', sorter: true },
    {
      title: 'Total Amount',
      dataIndex: 'totalAmount',
      key: 'totalAmount',
      sorter: true,
      render: (_, order) => formatMoney(order.totalAmount, order.currency),
      align: 'right',
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (status: string, order) => (
        <Flex gap={4} wrap>
          <SalesOrderStatusTag status={status} highlightActive />
          <DeletedInQuickbooksTag order={order} />
        </Flex>
      ),
    },
    { title: 'QB Sync', key: 'syncStatus', render: (_, order) => <SyncStatusCell order={order} /> },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      render: formatDate,
    },
    { title: 'Actions', key: 'actions', render: (_, order) => renderActions(order) },
  ];
}
