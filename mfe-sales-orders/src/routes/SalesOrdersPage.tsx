import { Card, PageHeader } from '@printpool/ui';
import { Table } from '@printpool/ui/table';
import { useState } from 'react';
import { useSalesOrders } from '../api/salesOrders.js';
import { SalesOrderActions } from './SalesOrderActions.js';
import { salesOrderColumns } from './salesOrderColumns.js';
import type { SalesOrderDialog } from './salesOrderDialog.js';
import { SalesOrderDialogs } from './SalesOrderDialogs.js';

export function SalesOrdersPage() {
  const { data, isLoading } = useSalesOrders();
  const [dialog, setDialog] = useState<SalesOrderDialog>(null);
  const columns = salesOrderColumns((order) => <SalesOrderActions order={order} onOpen={setDialog} />);
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
      <SalesOrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
