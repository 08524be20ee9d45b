import { bundleLabel, formatCount, formatMoney, formatUnitPrice, groupBundles, orDash, type LineBundle, type LineItem } from '@printpool/domain';
import { EmptyState } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';

/** A row of the table: a line, or the bundle (QuickBooks Group item) the lines below it were sold in. */
type Row = { key: string; line: LineItem; bundle?: undefined; inBundle: boolean } | { key: string; line?: undefined; bundle: LineBundle; inBundle: false };

const COLUMN_COUNT = 5;
/** A bundle row names the bundle and its quantity across the whole row. */
const bundleSpan = (row: Row, first = false) => (row.bundle ? { colSpan: first ? COLUMN_COUNT : 0 } : {});

function columnsIn(currency: string | null | undefined): TableColumnsType<Row> {
  return [
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
      render: (_, row) => row.line && <span style={row.inBundle ? { paddingLeft: 16 } : undefined}>{orDash(row.line.itemName)}</span>,
    },
    { title: 'Quantity', key: 'quantity', align: 'right', onCell: (row) => bundleSpan(row), render: (_, row) => row.line && formatCount(row.line.quantity) },
    {
      title: 'Unit Price',
      key: 'unitPrice',
      align: 'right',
      onCell: (row) => bundleSpan(row),
      render: (_, row) => row.line && formatUnitPrice(row.line.unitPrice),
    },
    {
      title: 'Total',
      key: 'totalPrice',
      align: 'right',
      onCell: (row) => bundleSpan(row),
      render: (_, row) => row.line && formatMoney(row.line.totalPrice, currency),
    },
  ];
}

/** Each bundle's components under a row naming the bundle and how many the customer bought ('Event Kit × 4'). */
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

export function LineItemsTable({ items, currency }: { items: LineItem[]; currency?: string | null }) {
  return (
    <Table<Row>
      aria-label="Line items"
      size="small"
      rowKey="key"
      columns={columnsIn(currency)}
      dataSource={rowsOf(items)}
      pagination={false}
      locale={{ emptyText: <EmptyState title="No line items found" /> }}
      scroll={{ x: true }}
    />
  );
}
