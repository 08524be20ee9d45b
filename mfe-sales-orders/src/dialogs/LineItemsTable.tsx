import { bundleLabel, formatCount, formatMoney, formatUnitPrice, groupBundles, orDash, type LineBundle, type LineItem } from '@printpool/domain';
import { EmptyState, ScrollRegion } from '@printpool/ui';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { salesOrderLinesInOrder, type SalesOrderDescriptionLine } from '@printpool/contracts';

/**
 * A row of the table: a line, the bundle (QuickBooks Group item) the lines below it were sold in,
 * or a QuickBooks description-only line ('PROOF MUST BE APPROVED BEFORE RUN').
 */
type Row =
  | { key: string; line: LineItem; bundle?: undefined; text?: undefined; inBundle: boolean }
  | { key: string; line?: undefined; bundle: LineBundle; text?: undefined; inBundle: false }
  | { key: string; line?: undefined; bundle?: undefined; text: string; inBundle: false };

const COLUMN_COUNT = 5;
/** A bundle row names the bundle and its quantity across the whole row, as a text row its text. */
const bundleSpan = (row: Row, first = false) => (row.bundle || row.text !== undefined ? { colSpan: first ? COLUMN_COUNT : 0 } : {});

function columnsIn(currency: string | null | undefined): TableColumnsType<Row> {
  return [
    {
      title: 'Item ID',
      key: 'itemId',
      onCell: (row) => bundleSpan(row, true),
      render: (_, row) => (row.bundle ? <strong>{bundleLabel(row.bundle)}</strong> : row.text !== undefined ? <em>{row.text}</em> : orDash(row.line.itemId)),
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

/**
 * Each bundle's components under a row naming the bundle and how many the customer bought ('Event
 * Kit × 4'), and each description-only line where QuickBooks has it: before the lines, after the
 * line it follows, or at the end when that line was removed here since.
 */
function rowsOf(items: LineItem[], texts: readonly SalesOrderDescriptionLine[]): Row[] {
  const after = new Map<LineItem | null, Row[]>();
  let previous: LineItem | null = null;
  for (const row of salesOrderLinesInOrder(items, texts)) {
    if (row.kind === 'item') previous = row.item;
    else after.set(previous, [...(after.get(previous) ?? []), { key: `t${row.line.lineId}`, text: row.line.description, inBundle: false }]);
  }
  const line = (item: LineItem, inBundle: boolean): Row[] => [{ key: `l${items.indexOf(item)}`, line: item, inBundle }, ...(after.get(item) ?? [])];
  return [
    ...(after.get(null) ?? []),
    ...groupBundles(items).flatMap((group, g) =>
      group.bundle
        ? [{ key: `b${g}`, bundle: group.bundle, inBundle: false as const }, ...group.lines.flatMap((item) => line(item, true))]
        : group.lines.flatMap((item) => line(item, false)),
    ),
  ];
}

export function LineItemsTable({
  items,
  currency,
  descriptionLines = [],
}: {
  items: LineItem[];
  currency?: string | null;
  descriptionLines?: readonly SalesOrderDescriptionLine[];
}) {
  return (
    <ScrollRegion label="Line items">
      <Table<Row>
        aria-label="Line items"
        size="small"
        rowKey="key"
        columns={columnsIn(currency)}
        dataSource={rowsOf(items, descriptionLines)}
        pagination={false}
        locale={{ emptyText: <EmptyState title="No line items found" /> }}
      />
    </ScrollRegion>
  );
}
