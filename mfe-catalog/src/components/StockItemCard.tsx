import type { CustomerStockItem } from '@printpool/contracts';
import { formatCount, formatDay } from '@printpool/domain';
import { DocumentLink, documentHref } from '@printpool/platform';
import { Card, Flex, SimpleTable, StatCard, Tag, Typography } from '@printpool/ui';
import { MonthlyBars } from '@printpool/ui/table';
import { ReorderPointForm } from './ReorderPointForm.js';

const monthOf = (month: string, style: 'short' | 'long') => new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: style, timeZone: 'UTC' });

const PROGRAM_COLUMNS = [
  {
    title: 'Bulk PO',
    render: (program: CustomerStockItem['programs'][number]) => (
      <DocumentLink href={documentHref.program(program.purchaseOrderId)}>{program.poNumber}</DocumentLink>
    ),
  },
  { title: 'At Vendor', align: 'right' as const, render: (program: CustomerStockItem['programs'][number]) => formatCount(program.atVendor) },
  { title: 'Remaining', align: 'right' as const, render: (program: CustomerStockItem['programs'][number]) => formatCount(program.remaining) },
  {
    title: 'Program Ends',
    render: (program: CustomerStockItem['programs'][number]) =>
      `${formatDay(program.expiresOn)} (${program.daysLeft < 0 ? `ended ${-program.daysLeft} days ago` : `${program.daysLeft} days left`})`,
  },
];

/** One item the customer holds or uses (docs/product.md §12): the stock, the pace it goes at, and the programs holding it. */
export function StockItemCard({ customerId, item }: { customerId: number; item: CustomerStockItem }) {
  const name = item.itemName ?? item.itemId;
  return (
    <Card
      size="small"
      role="group"
      aria-label={name}
      title={
        <Flex gap={8} align="center" wrap>
          {name}
          {item.atOrBelowReorderPoint && <Tag color="warning">At reorder point</Tag>}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={12} wrap>
          <StatCard loading={false} title="At Vendor" value={formatCount(item.atVendor)} />
          <StatCard loading={false} title="Allocated" value={formatCount(item.allocated)} />
          <StatCard loading={false} title="Monthly Usage" value={item.averageMonthlyUsage === null ? '-' : formatCount(item.averageMonthlyUsage)} />
          <StatCard loading={false} title="Months of Supply" value={item.monthsOfSupply === null ? '-' : String(item.monthsOfSupply)} />
          <StatCard loading={false} title="Runs Out" value={item.runOutOn === null ? '-' : formatDay(item.runOutOn)} />
        </Flex>
        <MonthlyBars
          label={`Units shipped per month of ${name}`}
          bars={item.releasedByMonth.map((month) => ({
            label: monthOf(month.month, 'short'),
            value: month.released,
            spoken: `${monthOf(month.month, 'long')} ${month.month.slice(0, 4)}: ${formatCount(month.released)}`,
          }))}
          reference={item.averageMonthlyUsage}
        />
        <Typography.Text type="secondary">{formatCount(item.releasedThisMonth)} shipped this month.</Typography.Text>
        <ReorderPointForm customerId={customerId} item={item} />
        <SimpleTable
          label={`Programs holding ${name}`}
          columns={PROGRAM_COLUMNS}
          rows={item.programs}
          rowKey={(program) => program.purchaseOrderId}
          empty={<Typography.Text type="secondary">No bulk PO holds it for this customer.</Typography.Text>}
        />
      </Flex>
    </Card>
  );
}
