import { formatMoney } from '@printpool/domain';
import type { TableColumnsType } from '@printpool/ui/table';
import type { ReactNode } from 'react';
import type { SalesOrder } from '../api/salesOrders.js';
import { SalesOrderStatusTag } from '../components/SalesOrderStatusTag.js';
import { SyncStatusCell } from '../components/SyncStatusCell.js';

export function salesOrderColumns(renderActions: (order: SalesOrder) => ReactNode): TableColumnsType<SalesOrder> {
  return [
    { title: 'SO Number', dataIndex: 'soNumber' },
    { title: 'Customer', dataIndex: 'customerName' },
    { title: 'Total Amount', dataIndex: 'totalAmount', render: (_, order) => formatMoney(order.totalAmount, order.currency), align: 'right' },
    { title: 'Status', dataIndex: 'status', render: (status: string) => <SalesOrderStatusTag status={status} highlightActive /> },
    { title: 'QB Sync', key: 'syncStatus', render: (_, order) => <SyncStatusCell order={order} /> },
    { title: 'Created', dataIndex: 'createdAt', render: (createdAt: string) => new Date(createdAt).toLocaleDateString('en-US') },
    { title: 'Actions', key: 'actions', render: (_, order) => renderActions(order) },
  ];
}
