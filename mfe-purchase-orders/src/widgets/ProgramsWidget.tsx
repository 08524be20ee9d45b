import type { ProgramDashboard } from '@printpool/contracts';
import { formatCount, formatUsd } from '@printpool/domain';
import { DocumentLink, documentHref } from '@printpool/platform';
import { Card, EmptyState, Flex, Skeleton, SimpleTable, Typography, type SimpleColumn } from '@printpool/ui';
import { useProgramDashboard } from '../api/useProgramDashboard.js';
import { formatDay } from '../domain/programTerms.js';

type Expiring = ProgramDashboard['expiringSoon'][number];

const daysText = (days: number) => (days < 0 ? `ended ${formatCount(-days)} days ago` : days === 0 ? 'ends today' : `${formatCount(days)} days left`);

const columns: SimpleColumn<Expiring>[] = [
  { title: 'Program', render: (po) => <DocumentLink href={documentHref.program(po.purchaseOrderId)}>{po.poNumber}</DocumentLink> },
  { title: 'Vendor', render: (po) => po.vendorName ?? '-' },
  { title: 'Expires', render: (po) => `${formatDay(po.expiresOn)} (${daysText(po.daysLeft)})` },
  { title: 'Left', align: 'right', render: (po) => `${formatCount(po.remaining)}${po.remainingPercent === null ? '' : ` (${po.remainingPercent}%)`}` },
];

/** Dashboard card (docs/product.md §11): programs ending within 30 days with units left, and what programs charge this month. */
export function ProgramsWidget() {
  const { data, isLoading } = useProgramDashboard();
  return (
    <Card title="Programs" role="group" aria-label="Programs">
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>
            {`Charges this month: ${formatUsd(data.charges.total)} (releases ${formatUsd(data.charges.releases)}, storage ${formatUsd(data.charges.storage)})`}
          </Typography.Text>
          <SimpleTable
            label="Programs ending within 30 days"
            columns={columns}
            rows={data.expiringSoon}
            rowKey={(po) => po.purchaseOrderId}
            empty={<EmptyState title="No program ends within 30 days" hint="Bulk POs with units left show here a month before their program ends" />}
          />
        </Flex>
      )}
    </Card>
  );
}
