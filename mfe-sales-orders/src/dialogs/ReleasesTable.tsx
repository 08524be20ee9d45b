import { formatCount } from '@printpool/domain';
import { Typography } from '@printpool/ui';
import { Table } from '@printpool/ui/table';
import type { SalesOrder } from '../api/salesOrders.js';
import { releaseRows } from '../domain/releaseRows.js';

/** Per item, what the order's pull tickets released, what shipped and what is left to release (docs/product.md §4); shown once a ticket exists. */
export function ReleasesTable({ order }: { order: SalesOrder }) {
  if (!order.fulfilment) return null;
  return (
    <section aria-label="Releases">
      <Typography.Title level={5} style={{ margin: 0 }}>
        Releases
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="itemId"
        dataSource={releaseRows(order.items)}
        columns={[
          { title: 'Item', key: 'item', render: (_, row) => row.itemName ?? row.itemId },
          { title: 'Ordered', key: 'ordered', align: 'right', render: (_, row) => formatCount(row.ordered) },
          { title: 'Released', key: 'released', align: 'right', render: (_, row) => formatCount(row.released) },
          { title: 'Shipped', key: 'shipped', align: 'right', render: (_, row) => formatCount(row.shipped) },
          { title: 'Left', key: 'left', align: 'right', render: (_, row) => formatCount(row.left) },
        ]}
      />
    </section>
  );
}
