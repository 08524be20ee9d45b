import { bundleLabel, formatCount, formatUnitPrice, groupBundles, orDash, type LineBundle, type LineItem } from '@printpool/domain';
import { EmptyState, ScrollRegion } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import type { ReactNode } from 'react';

/** A row of the table: a line, or the bundle (QuickBooks Group item) the lines below it were sold in. */
type Row = { key: string; line: LineItem; bundle?: undefined; inBundle: boolean } | { key: string; line?: undefined; bundle: LineBundle; inBundle: false };

const COLUMN_COUNT = 6;
/** A bundle row names the bundle and how many the customer bought across the whole row, as mfe-sales-orders' LineItemsTable does. */
const bundleSpan = (row: Row, first = false) => (row.bundle ? { colSpan: first ? COLUMN_COUNT : 0 } : {});
const lineCell = (render: (line: LineItem, inBundle: boolean) => ReactNode) => (_: unknown, row: Row) => row.line && render(row.line, row.inBundle);

const columns: TableColumnsType<Row> = [
  {
    title: 'Item ID',
    key: 'itemId',
    onCell: (row) => bundleSpan(row, true),
    render: (_, row) => (row.bundle ? <strong>{bundleLabel(row.bundle)}</strong> : orDash(row.line.itemId)),
  },
  {
    title: 'Item',
    key: 'itemName',
    onCell: (row) => bundleSpan(row),
    render: lineCell((line, inBundle) => <span style={inBundle ? { paddingLeft: 16 } : undefined}>{orDash(line.itemName)}</span>),
  },
  { title: 'Description', key: 'description', onCell: (row) => bundleSpan(row), render: lineCell((line) => orDash(line.description)) },
  { title: 'SKU', key: 'sku', onCell: (row) => bundleSpan(row), render: lineCell((line) => orDash(line.sku)) },
  { title: 'Qty', key: 'quantity', align: 'right', onCell: (row) => bundleSpan(row), render: lineCell((line) => formatCount(line.quantity)) },
  { title: 'Unit Price', key: 'unitPrice', align: 'right', onCell: (row) => bundleSpan(row), render: lineCell((line) => formatUnitPrice(line.unitPrice)) },
];

/**
 * The vendor pulls a bundle as the customer bought it: a row 'Event Kit × 4', its components
 * (each quantity already for the whole bundle) indented under it; other lines as they come.
 */
function rowsOf(items: LineItem[]): Row[] {
  return groupBundles(items).flatMap((group, g) =>
    group.bundle
      ? [
          { key: `b${g}`, bundle: group.bundle, inBundle: false as const },
          ...group.lines.map((line) => ({ key: `l${items.indexOf(line)}`, line, inBundle: true })),
        ]
      : group.lines.map((line) => ({ key: `l${items.indexOf(line)}`, line, inBundle: false })),
  );
}

export function PullTicketItemsTable({ items }: { items: LineItem[] }) {
  return (
    <ScrollRegion label="Pull ticket items">
      <Table<Row>
        aria-label="Pull ticket items"
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rowsOf(items)}
        pagination={false}
        locale={{ emptyText: <EmptyState title="No items found" /> }}
      />
    </ScrollRegion>
  );
}
