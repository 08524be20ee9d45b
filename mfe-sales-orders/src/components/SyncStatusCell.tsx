import { Flex, Tag, Typography } from '@printpool/ui';
import { Tooltip } from '@printpool/ui/overlay';
import type { SalesOrder } from '../api/salesOrders.js';
import { truncateSyncError } from '../domain/salesOrderRules.js';

const COLOR: Record<string, string> = { synced: 'green', pending: 'gold', syncing: 'blue', error: 'red', conflict: 'volcano' };

/** The QuickBooks sync state of an order, with the start of its last error: all of it on hover, on keyboard focus or on a tap (a phone cannot hover). */
export function SyncStatusCell({ order }: { order: Pick<SalesOrder, 'syncStatus' | 'syncError'> }) {
  if (!order.syncStatus) return <Typography.Text type="secondary">Not synced</Typography.Text>;
  return (
    <Flex vertical align="flex-start" gap={2}>
      <Tag color={COLOR[order.syncStatus] ?? 'default'}>{order.syncStatus}</Tag>
      {order.syncError && (
        <Tooltip title={order.syncError} trigger={['hover', 'focus', 'click']}>
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="sync-error" tabIndex={0}>
            {truncateSyncError(order.syncError)}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}
