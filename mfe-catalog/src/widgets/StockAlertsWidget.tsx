import type { InventoryAlert } from '@printpool/contracts';
import { formatCount, formatDay } from '@printpool/domain';
import { DocumentLink, documentHref, useCan } from '@printpool/platform';
import { Button, Card, EmptyState, Flex, Skeleton, Tag, Typography } from '@printpool/ui';
import type { ReactNode } from 'react';
import { useCreateReorderEstimate, useDismissAlert, useInventoryAlerts } from '../api/useInventoryAlerts.js';

const daysText = (days: number) => (days < 0 ? `ended ${formatCount(-days)} days ago` : days === 0 ? 'today' : `in ${formatCount(days)} days`);

/** What an alert says, in the broker's words, linking to where it is dealt with. */
function describe(alert: InventoryAlert): { tag: ReactNode; text: ReactNode } {
  switch (alert.kind) {
    case 'reorder': {
      const point = alert.reorderPoint.units !== null ? `${formatCount(alert.reorderPoint.units)} units` : `${alert.reorderPoint.months} months of supply`;
      const supply = alert.monthsOfSupply === null ? '' : `, ${alert.monthsOfSupply} months of supply`;
      return {
        tag: <Tag color="warning">Reorder</Tag>,
        text: (
          <>
            <DocumentLink href={`/customers/${alert.customerId}`}>{alert.customerName}</DocumentLink>
            {`: ${alert.itemName ?? alert.itemId}, ${formatCount(alert.atVendor)} at the vendor${supply} (reorder at ${point})`}
          </>
        ),
      };
    }
    case 'expiring':
      return {
        tag: <Tag color="orange">Program ends</Tag>,
        text: (
          <>
            <DocumentLink href={documentHref.program(alert.purchaseOrderId)}>{alert.poNumber}</DocumentLink>
            {` ends ${formatDay(alert.expiresOn)} (${daysText(alert.daysLeft)}), ${formatCount(alert.remaining)} units left`}
          </>
        ),
      };
    case 'storage':
      return {
        tag: <Tag color="blue">Storage</Tag>,
        text: (
          <>
            <DocumentLink href={documentHref.program(alert.purchaseOrderId)}>{alert.poNumber}</DocumentLink>
            {` is charged storage from ${formatDay(alert.chargedFrom)} (${daysText(alert.daysLeft)}), ${formatCount(alert.atVendor)} units at the vendor`}
          </>
        ),
      };
  }
}

const aboutItem = (alert: Extract<InventoryAlert, { kind: 'reorder' }>) => `${alert.customerName}'s ${alert.itemName ?? alert.itemId}`;

/**
 * A reorder alert's estimate: once created, its number; before, for staff, the button that creates
 * it (disabled while it is being created, so a second click sends nothing).
 */
function ReorderEstimate({ alert, canCreate }: { alert: Extract<InventoryAlert, { kind: 'reorder' }>; canCreate: boolean }) {
  const create = useCreateReorderEstimate();
  if (alert.estimate) {
    return <Typography.Text type="success">{`Reorder estimate ${alert.estimate.docNumber ?? ''}`.trimEnd() + ' created'}</Typography.Text>;
  }
  if (!canCreate) return null;
  return (
    <Button
      size="small"
      type="primary"
      onClick={() => create.mutate(alert)}
      loading={create.isPending}
      disabled={create.isPending}
      aria-label={`Create reorder estimate for ${aboutItem(alert)}`}
    >
      Create reorder estimate
    </Button>
  );
}

/**
 * Dashboard card (docs/product.md §12): customers' stock at its reorder point, programs ending,
 * storage starting; staff dismiss them, and create a reorder estimate from a reorder alert.
 */
export function StockAlertsWidget() {
  const { data, isLoading } = useInventoryAlerts();
  const dismiss = useDismissAlert();
  const canDismiss = useCan('staff');
  return (
    <Card title="Stock Alerts" role="group" aria-label="Stock Alerts">
      {isLoading || !data ? (
        <Skeleton active />
      ) : data.alerts.length === 0 ? (
        <EmptyState title="Nothing needs you" hint="Customers' stock at its reorder point, programs ending and storage charges starting show here" />
      ) : (
        <Flex vertical gap={8} role="list" aria-label="Stock alerts">
          {data.alerts.map((alert) => {
            const { tag, text } = describe(alert);
            return (
              <Flex key={alert.key} role="listitem" gap={8} align="baseline" justify="space-between" wrap>
                <Typography.Text>
                  {tag}
                  {text}
                </Typography.Text>
                <Flex gap={8} align="baseline">
                  {alert.kind === 'reorder' && <ReorderEstimate alert={alert} canCreate={canDismiss} />}
                  {canDismiss && (
                    <Button
                      size="small"
                      onClick={() => dismiss.mutate(alert)}
                      disabled={dismiss.isPending}
                      aria-label={`Dismiss the alert about ${alert.kind === 'reorder' ? aboutItem(alert) : alert.poNumber}`}
                    >
                      Dismiss
                    </Button>
                  )}
                </Flex>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
