import { formatCount, formatUnitPrice, formatUsd, type LineItem } from '@printpool/domain';
import { EmptyState, InventoryStatusBadge, Typography } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';

const columns: TableColumnsType<LineItem> = [
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
  { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: formatCount },
  { title: 'Unit Price', dataIndex: 'unitPrice', align: 'right', render: formatUnitPrice },
  { title: 'Total', dataIndex: 'totalPrice', align: 'right', render: formatUsd },
  { title: 'Remaining', dataIndex: 'quantityRemaining', align: 'right', render: formatCount },
  { title: 'Status', key: 'status', render: (_, line) => <InventoryStatusBadge total={line.quantity} remaining={line.quantityRemaining} /> },
];

export function LineItemsTable({ lines }: { lines: LineItem[] }) {
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
