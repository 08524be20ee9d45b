import { formatCount, formatUsd } from '@printpool/domain';
import { EmptyState } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { orDash } from '../domain/display.js';
import type { PullTicketItem } from '../domain/pullTicketItems.js';

const columns: TableColumnsType<PullTicketItem> = [
  { title: 'Item ID', dataIndex: 'itemId', render: orDash },
  { title: 'Item', dataIndex: 'itemName', render: orDash },
  { title: 'Description', dataIndex: 'description', render: orDash },
  { title: 'SKU', dataIndex: 'sku', render: orDash },
  { title: 'Qty', dataIndex: 'quantity', render: formatCount, align: 'right' },
  { title: 'Unit Price', dataIndex: 'unitPrice', render: formatUsd, align: 'right' },
];

export function PullTicketItemsTable({ items }: { items: PullTicketItem[] }) {
  return (
    <Table
      aria-label="Pull ticket items"
      size="small"
      rowKey={(_, index) => String(index)}
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: <EmptyState title="No items found" /> }}
      scroll={{ x: true }}
    />
  );
}
