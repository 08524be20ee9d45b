import { Card, PageHeader } from '@printpool/ui';
import { PagedTable } from '@printpool/ui/table';
import { useState } from 'react';
import { useSalesOrders } from '../api/salesOrders.js';
import { SalesOrderActions } from './SalesOrderActions.js';
import { salesOrderColumns } from './salesOrderColumns.js';
import type { SalesOrderDialog } from './salesOrderDialog.js';
import { SalesOrderDialogs } from './SalesOrderDialogs.js';

const PAGE_SIZE = 10;

export function SalesOrdersPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSalesOrders({ page, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<SalesOrderDialog>(null);
  const columns = salesOrderColumns((order) => <SalesOrderActions order={order} onOpen={setDialog} />);
  return (
    <>
      <PageHeader title="Sales Orders" subtitle="Sales orders created from your BULK estimates in QuickBooks" />
      <Card title={`All Sales Orders (${data?.total ?? 0})`}>
        <PagedTable
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText: 'No sales orders found. Sales orders are synced from QuickBooks estimates.' }}
        />
      </Card>
      <SalesOrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
