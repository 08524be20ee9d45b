import { formatCount, formatDateTime, normalizeLineItems, sumQuantities } from '@printpool/domain';
import { Card, DocumentTotals, Flex, Tag, Typography } from '@printpool/ui';
import { DetailsAndHistory } from '@printpool/ui/history';
import { Modal } from '@printpool/ui/overlay';
import type { ReactNode } from 'react';
import type { SalesOrder } from '../api/salesOrders.js';
import { SalesOrderStatusTag } from '../components/SalesOrderStatusTag.js';
import { DeletedInQuickbooksNotice, DeletedInQuickbooksTag } from '../components/DeletedInQuickbooks.js';
import { FulfilmentCard } from './FulfilmentCard.js';
import { LineItemsTable } from './LineItemsTable.js';
import { ReleasesTable } from './ReleasesTable.js';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} role="group" aria-label={title} style={{ flex: '1 1 180px' }}>
      {children}
    </Card>
  );
}

export function SalesOrderDetailsDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const items = normalizeLineItems(order.items);
  const totalQuantity = sumQuantities(items, (line) => line.quantity);
  return (
    <Modal
      open
      title={`Sales Order Details - ${order.soNumber}`}
      onCancel={onClose}
      footer={null}
      width={860}
      styles={{ body: { maxHeight: '75vh', overflowY: 'auto' } }}
    >
      <DetailsAndHistory kind="sales-order" id={order.id}>
        <Flex vertical gap={16}>
          <DeletedInQuickbooksNotice order={order} onDone={onClose} />
          <Flex gap={12} wrap>
            <InfoCard title="Customer">
              <Typography.Text strong>{order.customerName ?? '-'}</Typography.Text>
              {order.customerEmail && (
                <>
                  <br />
                  <Typography.Text type="secondary">{order.customerEmail}</Typography.Text>
                </>
              )}
            </InfoCard>
            <InfoCard title="Total Amount">
              <DocumentTotals doc={order} />
            </InfoCard>
            <InfoCard title="Total Quantity">
              <Typography.Text strong>{formatCount(totalQuantity)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{items.length === 1 ? '1 item' : `${items.length} items`}</Typography.Text>
            </InfoCard>
            <InfoCard title="Created">
              <Typography.Text>{formatDateTime(order.createdAt)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">Updated {formatDateTime(order.updatedAt)}</Typography.Text>
            </InfoCard>
          </Flex>
          <Flex gap={16} wrap align="center">
            <span>
              Status: <SalesOrderStatusTag status={order.status} highlightActive />
            </span>
            <span>
              Source: <Tag color={order.qbId ? 'blue' : 'default'}>{order.qbId ? 'QuickBooks' : 'Manual'}</Tag>
              <DeletedInQuickbooksTag order={order} />
            </span>
            {order.terms && <span>Terms: {order.terms}</span>}
          </Flex>
          <FulfilmentCard order={order} />
          <ReleasesTable order={order} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            Line Items
          </Typography.Title>
          <LineItemsTable items={items} currency={order.currency} descriptionLines={order.descriptionLines ?? []} />
        </Flex>
      </DetailsAndHistory>
    </Modal>
  );
}
