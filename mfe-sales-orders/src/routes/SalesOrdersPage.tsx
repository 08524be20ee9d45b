import { PlusOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, searchFromAddress, useDebouncedValue } from '@printpool/platform';
import { Button, Card, PageHeader } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { countedTitle, PagedTable } from '@printpool/ui/table';
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
  // `/sales-orders?search=EST-1001-BL` opens the page on that order: pull tickets link to their order so (documentHref in libs/platform).
  const [searchText, setSearchText] = useState(searchFromAddress);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useSalesOrders({ search, page, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<SalesOrderDialog>(null);
  const [creating, setCreating] = useState(false);
  const columns = salesOrderColumns((order) => <SalesOrderActions order={order} onOpen={setDialog} />);
  return (
    <>
      <PageHeader title="Sales Orders" subtitle="Sales orders created from your BULK estimates in QuickBooks" />
      <Card
        title={countedTitle('All Sales Orders', data)}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            New Sales Order
          </Button>
        }
      >
        <Input.Search
          placeholder="Search sales orders..."
          aria-label="Search sales orders"
          allowClear
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <PagedTable
          label="Sales orders"
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText: search ? 'No sales orders match your search.' : 'No sales orders found. Sales orders are synced from QuickBooks estimates.' }}
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
