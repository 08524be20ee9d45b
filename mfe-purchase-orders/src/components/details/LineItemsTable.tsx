import { formatCount, formatUsd } from '@printpool/domain';
import { EmptyState, InventoryStatusBadge, Typography } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { lineRemaining, lineTotal, type PurchaseOrderLine } from '../../api/lineItems.js';

const columns: TableColumnsType<PurchaseOrderLine> = [
  {
    title: 'Item',
    key: 'item',
    render: (_, line) => (
      <>
        <Typography.Text strong>{line.itemName || 'Unknown Item'}</Typography.Text>
        {line.itemId && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            ID: {line.itemId}
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: 'Description', key: 'description', render: (_, line) => line.description || 'No description available' },
  { title: 'Quantity', key: 'qty', align: 'right', render: (_, line) => formatCount(line.qty) },
  { title: 'Unit Price', key: 'unitPrice', align: 'right', render: (_, line) => formatUsd(line.unitPrice) },
  { title: 'Total', key: 'total', align: 'right', render: (_, line) => formatUsd(lineTotal(line)) },
  { title: 'Remaining', key: 'remaining', align: 'right', render: (_, line) => formatCount(lineRemaining(line)) },
  { title: 'Status', key: 'status', render: (_, line) => <InventoryStatusBadge total={line.qty} remaining={lineRemaining(line)} /> },
];

export function LineItemsTable({ lines }: { lines: PurchaseOrderLine[] }) {
  return (
    <Table
      aria-label="Line Items"
      rowKey={(line) => lines.indexOf(line)}
      columns={columns}
      dataSource={lines}
      pagination={false}
      size="small"
      scroll={{ x: true }}
      locale={{ emptyText: <EmptyState title="No line items found" hint="Items will appear here when synced from QuickBooks" /> }}
    />
  );
}
