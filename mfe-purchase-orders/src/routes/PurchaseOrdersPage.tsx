import { useAuth } from '@printpool/platform';
import { Card, Flex, PageHeader, Typography } from '@printpool/ui';
import { Input, Switch } from '@printpool/ui/input';
import { Table } from '@printpool/ui/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { usePurchaseOrders, type PurchaseOrder } from '../api/purchaseOrders.js';
import { DeletePurchaseOrderDialog } from './DeletePurchaseOrderDialog.js';
import { filterPurchaseOrders } from './filterPurchaseOrders.js';
import { purchaseOrderColumns } from './purchaseOrderColumns.js';

// The details dialog brings its own table and cards; fetched when a user first opens one.
const PurchaseOrderDetailsDialog = lazy(() =>
  import('../components/details/PurchaseOrderDetailsDialog.js').then((m) => ({ default: m.PurchaseOrderDetailsDialog })),
);

export function PurchaseOrdersPage() {
  const { isLoading: authLoading } = useAuth();
  const { data, isLoading } = usePurchaseOrders();
  const [search, setSearch] = useState('');
  const [showClosed, setShowClosed] = useState(false);
  const [viewing, setViewing] = useState<PurchaseOrder | null>(null);
  const [deleting, setDeleting] = useState<PurchaseOrder | null>(null);
  const columns = useMemo(() => purchaseOrderColumns({ onViewDetails: setViewing, onDelete: setDeleting }), []);

  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;

  const rows = filterPurchaseOrders(data ?? [], search, showClosed);
  const emptyText = isLoading ? 'Loading purchase orders...' : search ? 'No purchase orders match your search.' : 'No purchase orders found.';
  return (
    <>
      <PageHeader title="Purchase Orders" subtitle="Manage your purchase orders synced from QuickBooks" />
      <Card
        title={<span data-testid="purchase-orders-heading">{`All Purchase Orders (${rows.length})`}</span>}
        extra={
          <Flex gap={8} align="center">
            <Switch checked={showClosed} onChange={setShowClosed} id="show-closed-pos" aria-label="Show Closed POs" />
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
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <Table rowKey="id" columns={columns} dataSource={rows} locale={{ emptyText }} scroll={{ x: true }} />
      </Card>
      {viewing && (
        <Suspense>
          <PurchaseOrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      <DeletePurchaseOrderDialog order={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
