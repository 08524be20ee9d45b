import { formatCount, formatMoney, formatUnitPrice, isExpenseLine, type LineItem } from '@printpool/domain';
import { EmptyState, InventoryStatusBadge, Tag, Typography, ScrollRegion } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';

/** An expense line (freight, setup on an account) is a cost: its amount, no quantity, remaining or status. */
function columnsIn(currency: string | null | undefined): TableColumnsType<LineItem> {
  return [
    {
      title: 'Item',
      key: 'item',
      render: (_, line) => (
        <>
          <Typography.Text strong>{line.itemName || 'Unknown Item'}</Typography.Text>
          {isExpenseLine(line) ? (
            <Tag style={{ display: 'block', width: 'fit-content', marginTop: 4 }}>Cost</Tag>
          ) : (
            line.itemId && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                ID: {line.itemId}
              </Typography.Text>
            )
          )}
        </>
      ),
    },
    { title: 'Description', key: 'description', render: (_, line) => line.description || 'No description available' },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (_, line) => (isExpenseLine(line) ? '-' : formatCount(line.quantity)) },
    { title: 'Unit Price', key: 'unitPrice', align: 'right', render: (_, line) => (isExpenseLine(line) ? '-' : formatUnitPrice(line.unitPrice)) },
    { title: 'Total', key: 'totalPrice', align: 'right', render: (_, line) => formatMoney(line.totalPrice, currency) },
    { title: 'Remaining', key: 'quantityRemaining', align: 'right', render: (_, line) => (isExpenseLine(line) ? '-' : formatCount(line.quantityRemaining)) },
    {
      title: 'Status',
      key: 'status',
      render: (_, line) => (isExpenseLine(line) ? '-' : <InventoryStatusBadge total={line.quantity} remaining={line.quantityRemaining} />),
    },
  ];
}

export function LineItemsTable({ lines, currency }: { lines: LineItem[]; currency?: string | null }) {
  return (
    <ScrollRegion label="Line Items">
      <Table
        aria-label="Line Items"
        rowKey={(line) => lines.indexOf(line)}
        columns={columnsIn(currency)}
        dataSource={lines}
        pagination={false}
        size="small"
        locale={{ emptyText: <EmptyState title="No line items found" hint="Items will appear here when synced from QuickBooks" /> }}
      />
    </ScrollRegion>
  );
}
