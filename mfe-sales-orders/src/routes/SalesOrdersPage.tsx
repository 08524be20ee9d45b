import { PlusOutlined } from '@ant-design/icons';
import { SALES_ORDER_SYNC_STATUSES } from '@printpool/contracts';
import { SALES_ORDER_STATUSES } from '@printpool/domain';
import { lazyComponent, useAuth, useCan, useListView } from '@printpool/platform';
import { Button, Card, PageHeader, Typography } from '@printpool/ui';
import { CodeBoundary } from '@printpool/ui/overlay';
import { countedTitle, ListDateRange, ListFilterSelect, ListFilterText, SearchablePagedTable } from '@printpool/ui/table';
import { useState } from 'react';
import { SALES_ORDERS_PATH, useSalesOrders } from '../api/salesOrders.js';
import { SalesOrderActions } from './SalesOrderActions.js';
import { salesOrderColumns } from './salesOrderColumns.js';
import type { SalesOrderDialog } from './salesOrderDialog.js';
import { SalesOrderDialogs } from './SalesOrderDialogs.js';

// The form loads when the broker first opens it, as the other dialogs do (SalesOrderDialogs.tsx).
const NewSalesOrderDialog = lazyComponent(() => import('../dialogs/NewSalesOrderDialog.js'), 'NewSalesOrderDialog');

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const STATUS_OPTIONS = SALES_ORDER_STATUSES.map((status) => ({ value: status, label: capitalized(status) }));
/** Write-back's states; the dashboard's conflict notice opens the list on 'conflict'. */
const SYNC_STATUS_OPTIONS = SALES_ORDER_SYNC_STATUSES.map((status) => ({ value: status, label: capitalized(status) }));

export function SalesOrdersPage() {
  // The view lives in the address: `/sales-orders?search=EST-1001-BL` (documentHref in libs/platform) opens the page on that order.
  const view = useListView(['status', 'syncStatus', 'customer', 'from', 'to']);
  const { data, isFetching } = useSalesOrders(view.query);
  const [dialog, setDialog] = useState<SalesOrderDialog>(null);
  const [creating, setCreating] = useState(false);
  const canWork = useCan('staff');
  const columns = salesOrderColumns((order) => <SalesOrderActions order={order} onOpen={setDialog} />);
  // The actions offered depend on the member's role (SalesOrderActions).
  const { isLoading: authLoading } = useAuth();
  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;
  return (
    <>
      <PageHeader title="Sales Orders" subtitle="Sales orders created from your BULK estimates in QuickBooks" />
      <Card
        title={countedTitle('All Sales Orders', data)}
        extra={
          canWork && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New Sales Order
            </Button>
          )
        }
      >
        <SearchablePagedTable
          label="Sales orders"
          view={view}
          path={SALES_ORDERS_PATH}
          noun="sales orders"
          filters={
            <>
              <ListFilterSelect view={view} name="status" label="Status" options={STATUS_OPTIONS} />
              <ListFilterSelect view={view} name="syncStatus" label="QB Sync" options={SYNC_STATUS_OPTIONS} />
              <ListFilterText view={view} name="customer" label="Customer" />
              <ListDateRange view={view} label="Order date" />
            </>
          }
          emptyText="No sales orders found. Sales orders are synced from QuickBooks estimates."
          columns={columns}
          list={data}
          loading={isFetching}
        />
      </Card>
      <SalesOrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {creating && (
        <CodeBoundary label="New sales order" onClose={() => setCreating(false)}>
          <NewSalesOrderDialog onClose={() => setCreating(false)} />
        </CodeBoundary>
      )}
    </>
  );
}
