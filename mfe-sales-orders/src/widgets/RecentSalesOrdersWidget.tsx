import { formatUsd } from '@printpool/domain';
import { Card, EmptyState, Flex, Skeleton, Typography } from '@printpool/ui';
import { useSalesOrders } from '../api/salesOrders.js';
import { SalesOrderStatusTag } from '../components/SalesOrderStatusTag.js';

const RECENT_COUNT = 3;

/** Dashboard card: the latest sales orders. */
export function RecentSalesOrdersWidget() {
  const { data, isLoading } = useSalesOrders({ page: 1, pageSize: RECENT_COUNT });
  // Three, even from a server that sends more than it was asked for.
  const orders = (data?.rows ?? []).slice(0, RECENT_COUNT);
  return (
    <Card title="Recent Sales Orders" data-testid="recent-sales-orders-widget">
      {isLoading ? (
        <Skeleton active />
      ) : orders.length === 0 ? (
        <EmptyState title="No sales orders found" />
      ) : (
        <Flex vertical gap={12} role="list">
          {orders.map((order) => (
            <Flex key={order.id} justify="space-between" align="center" role="listitem">
              <div>
                <Typography.Text strong>{order.soNumber}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{order.customerName}</Typography.Text>
              </div>
              <Flex vertical align="flex-end" gap={4}>
                <Typography.Text strong>{formatUsd(order.totalAmount)}</Typography.Text>
                <SalesOrderStatusTag status={order.status} />
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
