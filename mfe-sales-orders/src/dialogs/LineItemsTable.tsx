import { formatCount, formatUnitPrice, formatUsd, orDash, type LineItem } from '@printpool/domain';
import { EmptyState } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';

const columns: TableColumnsType<LineItem> = [
  { title: 'Item ID', dataIndex: 'itemId', render: orDash },
  { title: 'Item', dataIndex: 'itemName', render: orDash },
  { title: 'Quantity', dataIndex: 'quantity', render: formatCount, align: 'right' },
  { title: 'Unit Price', dataIndex: 'unitPrice', render: formatUnitPrice, align: 'right' },
  { title: 'Total', dataIndex: 'totalPrice', render: formatUsd, align: 'right' },
];

export function LineItemsTable({ items }: { items: LineItem[] }) {
  return (
    <Table
      aria-label="Line items"
      size="small"
      rowKey={(line) => String(items.indexOf(line))}
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: <EmptyState title="No line items found" /> }}
      scroll={{ x: true }}
    />
  );
}
