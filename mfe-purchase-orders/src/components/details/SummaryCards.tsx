import { formatCount, formatDay } from '@printpool/domain';
import { Card, DocumentTotals, Flex, InventoryStatusBadge, Typography } from '@printpool/ui';
import type { ReactNode } from 'react';
import type { PurchaseOrderWithLines } from '../../api/purchaseOrders.js';

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} role="group" aria-label={title} style={{ flex: '1 1 180px' }}>
      {children}
    </Card>
  );
}

/**
 * Vendor (with the terms it bills by), Ship To and Memo as QuickBooks has them, Total Amount (with QuickBooks' subtotal, discount and tax when known, and a currency
 * other than USD), Inventory Status and Created, side by side where the dialog is wide enough.
 */
export function SummaryCards({ order }: { order: PurchaseOrderWithLines }) {
  return (
    <Flex gap={12} wrap>
      <SummaryCard title="Vendor">
        <Typography.Text strong>{order.vendorName}</Typography.Text>
        {order.vendorEmail && (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {order.vendorEmail}
          </Typography.Text>
        )}
        {order.terms && <Typography.Text style={{ display: 'block' }}>{`Terms: ${order.terms}`}</Typography.Text>}
      </SummaryCard>
      {order.shipAddress && (
        <SummaryCard title="Ship To">
          <Typography.Text>{order.shipAddress}</Typography.Text>
        </SummaryCard>
      )}
      {order.memo && (
        <SummaryCard title="Memo">
          <Typography.Text>{order.memo}</Typography.Text>
        </SummaryCard>
      )}
      <SummaryCard title="Total Amount">
        <DocumentTotals doc={order} totalStyle={{ fontSize: 18 }} />
      </SummaryCard>
      <SummaryCard title="Inventory Status">
        <InventoryStatusBadge total={order.totalQuantity} remaining={order.quantityRemaining} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {`${formatCount(order.quantityRemaining)} of ${formatCount(order.totalQuantity)} remaining`}
        </Typography.Text>
      </SummaryCard>
      <SummaryCard title="Created">
        <Typography.Text style={{ display: 'block' }}>{formatDay(order.createdAt)}</Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Updated: {formatDay(order.updatedAt)}
        </Typography.Text>
      </SummaryCard>
    </Flex>
  );
}
