import { formatCount } from '@printpool/domain';
import { Badge, Card, EmptyState, Flex, InventoryStatusBadge, Skeleton, SimpleTable, type SimpleColumn } from '@printpool/ui';
import { useBulkPurchaseOrders, type PurchaseOrderWithLines } from '../api/purchaseOrders.js';

const columns: SimpleColumn<PurchaseOrderWithLines>[] = [
  { title: 'PO Number', render: (po) => po.poNumber },
  { title: 'Vendor', render: (po) => po.vendorName },
  { title: 'Available', render: (po) => formatCount(po.quantityRemaining), align: 'right' },
  { title: 'Total', render: (po) => formatCount(po.totalQuantity), align: 'right' },
  { title: 'Status', render: (po) => <InventoryStatusBadge total={po.totalQuantity} remaining={po.quantityRemaining} /> },
];

/** As many rows as one page of the API gives by default; the badge counts them all. */
const ROWS_SHOWN = 100;

/**
 * Dashboard card: the BULK purchase orders with what is still available of each. Read from the
 * full list (not /bulk/open) so that depleted and closed bulk orders keep showing their totals.
 */
export function BulkPurchaseOrdersWidget() {
  const { data, isLoading } = useBulkPurchaseOrders(ROWS_SHOWN);
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  return (
    <Card
      data-testid="bulk-purchase-orders-widget"
      title={
        <Flex align="center" gap={8}>
          Bulk Purchase Orders
          {total > 0 && <Badge count={total} overflowCount={Infinity} color="blue" data-testid="bulk-po-count" />}
        </Flex>
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : (
        <SimpleTable
          label="Bulk purchase orders"
          columns={columns}
          rows={rows}
          rowKey={(po) => po.id}
          empty={<EmptyState title="No BULK purchase orders found" hint="BULK POs will appear here when synced from QuickBooks" />}
        />
      )}
    </Card>
  );
}
