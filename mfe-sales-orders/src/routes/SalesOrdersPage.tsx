import { formatUsd } from '@printpool/domain';
import { Card, PageHeader } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { useSalesOrders, type SalesOrder } from '../api/salesOrders.js';
import { SalesOrderStatusTag } from '../statusTag.js';

const columns: TableColumnsType<SalesOrder> = [
  { title: 'SO Number', dataIndex: 'soNumber' },
  { title: 'Customer', dataIndex: 'customerName' },
  { title: 'Total Amount', dataIndex: 'totalAmount', render: formatUsd },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <SalesOrderStatusTag status={status} /> },
  { title: 'QB Sync', dataIndex: 'syncStatus', render: (syncStatus?: string | null) => syncStatus || 'Not synced' },
  { title: 'Created', dataIndex: 'createdAt', render: (createdAt: string) => new Date(createdAt).toLocaleDateString('en-US') },
];

export function SalesOrdersPage() {
  const { data, isLoading } = useSalesOrders();
  return (
    <>
      <PageHeader title="Sales Orders" subtitle="Sales orders created from your BULK estimates in QuickBooks" />
      <Card title={`All Sales Orders (${data?.length ?? 0})`}>
        <Table
          rowKey="id"
          loading={isLoading}
          columns={columns}
          dataSource={data ?? []}
          locale={{ emptyText: 'No sales orders found. Sales orders are synced from QuickBooks estimates.' }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
