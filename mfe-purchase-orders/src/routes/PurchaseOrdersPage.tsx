import { lazyComponent, useAuth, useCan, useListView } from '@printpool/platform';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, PageHeader, Typography } from '@printpool/ui';
import { Switch } from '@printpool/ui/input';
import { CodeBoundary } from '@printpool/ui/overlay';
import { countedTitle, ListDateRange, ListFilterSelect, ListFilterText, SearchablePagedTable } from '@printpool/ui/table';
import { useMemo, useState } from 'react';
import { PURCHASE_ORDERS_PATH, usePurchaseOrders, type PurchaseOrderWithLines } from '../api/purchaseOrders.js';
import { DeletePurchaseOrderDialog } from './DeletePurchaseOrderDialog.js';
import { purchaseOrderColumns } from './purchaseOrderColumns.js';

// The details dialog brings its own table and cards; fetched when a user first opens one.
const PurchaseOrderDetailsDialog = lazyComponent(() => import('../components/details/PurchaseOrderDetailsDialog.js'), 'PurchaseOrderDetailsDialog');
const NewPurchaseOrderDialog = lazyComponent(() => import('../components/create/NewPurchaseOrderDialog.js'), 'NewPurchaseOrderDialog');

const TYPE_OPTIONS = [
  { value: 'BULK', label: 'BULK' },
  { value: 'STANDARD', label: 'STANDARD' },
];
const EXPIRY_OPTIONS = [
  { value: '30', label: 'Within 30 days' },
  { value: '90', label: 'Within 90 days' },
];
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];
// Closed POs are left out until the broker shows them (docs/product.md §2, Purchase Orders page).
const FILTER_DEFAULTS = { includeClosed: 'false' };

export function PurchaseOrdersPage() {
  const { isLoading: authLoading } = useAuth();
  const canWork = useCan('staff');
  // The view lives in the address: `/purchase-orders?search=PO-7001-BL` opens the page on that order (orders and tickets link to their bulk PO so).
  const view = useListView(['status', 'poType', 'vendor', 'expiresWithinDays', 'from', 'to', 'includeClosed'], FILTER_DEFAULTS);
  const showClosed = view.filters.includeClosed === 'true';
  const { data, isFetching } = usePurchaseOrders(view.query);
  const [viewing, setViewing] = useState<PurchaseOrderWithLines | null>(null);
  const [deleting, setDeleting] = useState<PurchaseOrderWithLines | null>(null);
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => purchaseOrderColumns({ onViewDetails: setViewing, onDelete: setDeleting }), []);

  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;

  return (
    <>
      <PageHeader title="Purchase Orders" subtitle="Manage your purchase orders synced from QuickBooks" />
      <Card
        title={<span data-testid="purchase-orders-heading">{countedTitle('All Purchase Orders', data)}</span>}
        extra={
          <Flex gap={8} align="center">
            {canWork && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                New Purchase Order
              </Button>
            )}
            <Switch
              checked={showClosed}
              // Hiding closed POs also clears the Status filter it hides: 'closed' would otherwise empty the list.
              onChange={(checked) => view.setFilters({ includeClosed: String(checked), ...(checked ? {} : { status: null }) })}
              id="show-closed-pos"
              aria-label="Show Closed POs"
            />
            <Typography.Text>
              <label htmlFor="show-closed-pos">Show Closed POs</label>
            </Typography.Text>
          </Flex>
        }
      >
        <SearchablePagedTable
          label="Purchase orders"
          view={view}
          path={PURCHASE_ORDERS_PATH}
          noun="purchase orders"
          filters={
            <>
              <ListFilterSelect view={view} name="poType" label="Type" options={TYPE_OPTIONS} />
              {showClosed && <ListFilterSelect view={view} name="status" label="Status" options={STATUS_OPTIONS} />}
              <ListFilterText view={view} name="vendor" label="Vendor" />
              <ListFilterSelect view={view} name="expiresWithinDays" label="Program ends" options={EXPIRY_OPTIONS} />
              <ListDateRange view={view} label="PO date" />
            </>
          }
          // Show Closed POs only widens the list: with it alone, an empty list has nothing to match.
          widening={['includeClosed']}
          loadingText="Loading purchase orders..."
          columns={columns}
          list={data}
          loading={isFetching}
        />
      </Card>
      {viewing && (
        <CodeBoundary label="Purchase order details" onClose={() => setViewing(null)}>
          <PurchaseOrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
        </CodeBoundary>
      )}
      <DeletePurchaseOrderDialog order={deleting} onClose={() => setDeleting(null)} />
      {creating && (
        <CodeBoundary label="New purchase order" onClose={() => setCreating(false)}>
          <NewPurchaseOrderDialog onClose={() => setCreating(false)} />
        </CodeBoundary>
      )}
    </>
  );
}
