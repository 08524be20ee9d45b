import { formatCount, formatUnitPrice, orDash, type LineItem } from '@printpool/domain';
import { EmptyState } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';

const columns: TableColumnsType<LineItem> = [
  { title: 'Item ID', dataIndex: 'itemId', render: orDash },
  { title: 'Item', dataIndex: 'itemName', render: orDash },
  { title: 'Description', dataIndex: 'description', render: orDash },
  { title: 'SKU', dataIndex: 'sku', render: orDash },
  { title: 'Qty', dataIndex: 'quantity', render: formatCount, align: 'right' },
  { title: 'Unit Price', dataIndex: 'unitPrice', render: formatUnitPrice, align: 'right' },
];

export function PullTicketItemsTable({ items }: { items: LineItem[] }) {
  return (
    <Table
      aria-label="Pull ticket items"
      size="small"
      rowKey={(line) => String(items.indexOf(line))}
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: <EmptyState title="No items found" /> }}
      scroll={{ x: true }}
    />
  );
}
