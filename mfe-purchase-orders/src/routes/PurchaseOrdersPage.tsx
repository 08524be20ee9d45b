import { SEARCH_DEBOUNCE_MS, searchFromAddress, useAuth, useDebouncedValue } from '@printpool/platform';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, PageHeader, Typography } from '@printpool/ui';
import { Input, Switch } from '@printpool/ui/input';
import { countedTitle, PagedTable } from '@printpool/ui/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { usePurchaseOrders, type PurchaseOrder } from '../api/purchaseOrders.js';
import { DeletePurchaseOrderDialog } from './DeletePurchaseOrderDialog.js';
import { purchaseOrderColumns } from './purchaseOrderColumns.js';

// The details dialog brings its own table and cards; fetched when a user first opens one.
const PurchaseOrderDetailsDialog = lazy(() =>
  import('../components/details/PurchaseOrderDetailsDialog.js').then((m) => ({ default: m.PurchaseOrderDetailsDialog })),
);

// The form loads when the broker first opens it.
const NewPurchaseOrderDialog = lazy(() => import('../components/create/NewPurchaseOrderDialog.js').then((m) => ({ default: m.NewPurchaseOrderDialog })));

const PAGE_SIZE = 10;

export function PurchaseOrdersPage() {
  const { isLoading: authLoading } = useAuth();
  // `/purchase-orders?search=PO-7001-BL` opens the page on that order: orders and tickets link to their bulk PO so.
  const [searchText, setSearchText] = useState(searchFromAddress);
  const [showClosed, setShowClosed] = useState(false);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { data, isLoading, isFetching } = usePurchaseOrders({ search, page, pageSize: PAGE_SIZE, includeClosed: showClosed });
  const [viewing, setViewing] = useState<PurchaseOrder | null>(null);
  const [deleting, setDeleting] = useState<PurchaseOrder | null>(null);
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => purchaseOrderColumns({ onViewDetails: setViewing, onDelete: setDeleting }), []);

  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;

  const emptyText = isLoading ? 'Loading purchase orders...' : search ? 'No purchase orders match your search.' : 'No purchase orders found.';
  return (
    <>
      <PageHeader title="Purchase Orders" subtitle="Manage your purchase orders synced from QuickBooks" />
      <Card
        title={<span data-testid="purchase-orders-heading">{countedTitle('All Purchase Orders', data)}</span>}
        extra={
          <Flex gap={8} align="center">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New Purchase Order
            </Button>
            <Switch
              checked={showClosed}
              onChange={(checked) => {
                setShowClosed(checked);
                setPage(1);
              }}
              id="show-closed-pos"
              aria-label="Show Closed POs"
            />
            <Typography.Text>
              <label htmlFor="show-closed-pos">Show Closed POs</label>
            </Typography.Text>
          </Flex>
        }
      >
        <Input.Search
          placeholder="Search purchase orders..."
          aria-label="Search purchase orders"
          allowClear
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <PagedTable
          label="Purchase orders"
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText }}
        />
      </Card>
      {viewing && (
        <Suspense>
          <PurchaseOrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      <DeletePurchaseOrderDialog order={deleting} onClose={() => setDeleting(null)} />
      {creating && (
        <Suspense>
          <NewPurchaseOrderDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
