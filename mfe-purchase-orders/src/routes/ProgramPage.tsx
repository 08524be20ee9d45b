import type { ProgramStock, ProgramSummary, ProgramTimelineEntry } from '@printpool/contracts';
import { formatCount, formatUsd } from '@printpool/domain';
import { DocumentLink, documentHref, NotFoundPage, useParams } from '@printpool/platform';
import { Card, Flex, PageHeader, SimpleTable, StatCard, Tag, Typography, type SimpleColumn } from '@printpool/ui';
import { useProgramSummary } from '../api/useProgramSummary.js';
import { formatDay, storageText, timeLeft } from '../domain/programTerms.js';

type ItemStock = ProgramSummary['items'][number];

const ITEM_COLUMNS: SimpleColumn<ItemStock>[] = [
  { title: 'Item', render: (item) => item.itemName ?? item.itemId },
  { title: 'Ordered', align: 'right', render: (item) => formatCount(item.ordered) },
  { title: 'Received', align: 'right', render: (item) => (item.received === null ? 'In production' : formatCount(item.received)) },
  { title: 'Allocated', align: 'right', render: (item) => formatCount(item.allocated) },
  { title: 'Released', align: 'right', render: (item) => formatCount(item.released) },
  { title: 'Remaining', align: 'right', render: (item) => formatCount(item.remaining) },
  { title: 'At Vendor', align: 'right', render: (item) => formatCount(item.atVendor) },
];

const KIND_COLOR: Record<ProgramTimelineEntry['kind'], string> = { ordered: 'blue', received: 'green', release: 'purple', expires: 'orange' };
const KIND_TEXT: Record<ProgramTimelineEntry['kind'], string> = { ordered: 'PO', received: 'Receipt', release: 'Release', expires: 'Expiry' };

function overUnder(totals: ProgramStock): string {
  if (totals.received === null) return 'in production';
  const difference = totals.received - totals.ordered;
  if (difference === 0) return 'as ordered';
  return `${difference > 0 ? 'over' : 'under'} by ${formatCount(Math.abs(difference))}`;
}

function Timeline({ entries }: { entries: ProgramTimelineEntry[] }) {
  return (
    <Flex vertical gap={8} role="list" aria-label="Timeline">
      {entries.map((entry, index) => (
        <Flex key={index} gap={12} align="baseline" role="listitem">
          <Typography.Text type="secondary" style={{ minWidth: 110 }}>
            {formatDay(entry.date)}
          </Typography.Text>
          <Tag color={KIND_COLOR[entry.kind]}>{KIND_TEXT[entry.kind]}</Tag>
          <Typography.Text>
            {entry.pullTicket ? <DocumentLink href={documentHref.pullTicket(entry.pullTicket.ptNumber)}>{entry.text}</DocumentLink> : entry.text}
            {entry.salesOrder && (
              <>
                {' for '}
                <DocumentLink href={documentHref.salesOrder(entry.salesOrder.soNumber)}>{entry.salesOrder.soNumber}</DocumentLink>
              </>
            )}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

function Program({ summary }: { summary: ProgramSummary }) {
  const { totals, terms, storage } = summary;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={`Program ${summary.poNumber}`}
        subtitle={`${summary.vendorName ?? 'No vendor'} · ordered ${formatDay(summary.poDate)} · expires ${formatDay(terms.expiresOn)} (${timeLeft(terms.expiresOn, summary.asOf)})`}
        extra={<DocumentLink href={documentHref.purchaseOrder(summary.poNumber)}>Open the purchase order</DocumentLink>}
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 12 }}>
        <StatCard loading={false} title="Ordered" value={formatCount(totals.ordered)} />
        <StatCard loading={false} title="Received" value={totals.received === null ? '-' : formatCount(totals.received)} />
        <StatCard loading={false} title="Allocated" value={formatCount(totals.allocated)} />
        <StatCard loading={false} title="Released" value={formatCount(totals.released)} />
        <StatCard loading={false} title="Remaining" value={`${formatCount(totals.remaining)} (${totals.remainingPercent}%)`} />
        <StatCard loading={false} title="Charges to Date" value={formatUsd(summary.chargesToDate)} />
      </div>
      <Card size="small" title="Stock" role="group" aria-label="Stock">
        <Typography.Paragraph type="secondary">{`The run: ${overUnder(totals)}; ${formatCount(totals.atVendor)} units at the vendor.`}</Typography.Paragraph>
        <SimpleTable label="Stock by item" columns={ITEM_COLUMNS} rows={summary.items} rowKey={(item) => item.itemId} empty="No items" />
      </Card>
      <Card size="small" title="Charges" role="group" aria-label="Charges">
        <Flex vertical gap={4}>
          <Typography.Text>{`Releases: ${summary.releases.shipped} shipped at ${formatUsd(terms.releaseCharge)} each = ${formatUsd(summary.releases.charges)}`}</Typography.Text>
          <Typography.Text>{`Storage: ${storageText(terms)}`}</Typography.Text>
          {storage.freeUntil && <Typography.Text>{`Free until ${formatDay(storage.freeUntil)}; ${storage.months.length} months charged`}</Typography.Text>}
          <Typography.Text>{`Storage accrued: ${formatUsd(storage.accrued)} (this month ${formatUsd(storage.accruedThisMonth)})`}</Typography.Text>
        </Flex>
      </Card>
      <Card size="small" title="Timeline" role="group" aria-label="Timeline of the run">
        <Timeline entries={summary.timeline} />
      </Card>
    </Flex>
  );
}

/** /purchase-orders/:id/program: a bulk PO's program as it has run (docs/product.md §11). */
export function ProgramPage() {
  const { id } = useParams();
  const purchaseOrderId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const summary = useProgramSummary(purchaseOrderId);
  if (purchaseOrderId === null) return <NotFoundPage />;
  if (summary.isPending) return <Typography.Text type="secondary">Loading program...</Typography.Text>;
  if (summary.isError) return <Typography.Text type="danger">Could not load the program: {summary.error.message}</Typography.Text>;
  return <Program summary={summary.data} />;
}
