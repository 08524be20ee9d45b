import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, PageHeader } from '@printpool/ui';
import { PagedTable } from '@printpool/ui/table';
import { lazy, Suspense, useState } from 'react';
import { useSalesOrders } from '../api/salesOrders.js';
import { SalesOrderActions } from './SalesOrderActions.js';
import { salesOrderColumns } from './salesOrderColumns.js';
import type { SalesOrderDialog } from './salesOrderDialog.js';
import { SalesOrderDialogs } from './SalesOrderDialogs.js';

// The form loads when the broker first opens it, as the other dialogs do (SalesOrderDialogs.tsx).
const NewSalesOrderDialog = lazy(() => import('../dialogs/NewSalesOrderDialog.js').then((m) => ({ default: m.NewSalesOrderDialog })));

const PAGE_SIZE = 10;

export function SalesOrdersPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSalesOrders({ page, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<SalesOrderDialog>(null);
  const [creating, setCreating] = useState(false);
  const columns = salesOrderColumns((order) => <SalesOrderActions order={order} onOpen={setDialog} />);
  return (
    <>
      <PageHeader title="Sales Orders" subtitle="Sales orders created from your BULK estimates in QuickBooks" />
      <Card
        title={`All Sales Orders (${data?.total ?? 0})`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            New Sales Order
          </Button>
        }
      >
        <PagedTable
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText: 'No sales orders found. Sales orders are synced from QuickBooks estimates.' }}
        />
      </Card>
      <SalesOrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {creating && (
        <Suspense fallback={null}>
          <NewSalesOrderDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
