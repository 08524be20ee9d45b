import { Flex, Tag, Typography } from '@printpool/ui';
import { DetailsAndHistory } from '@printpool/ui/history';
import { Modal } from '@printpool/ui/overlay';
import { purchaseOrderSource, type PurchaseOrderWithLines } from '../../api/purchaseOrders.js';
import { LineItemsTable } from './LineItemsTable.js';
import { ProgramCard } from './ProgramCard.js';
import { ReceiptsCard } from './ReceiptsCard.js';
import { StockOwnersCard } from './StockOwnersCard.js';
import { SummaryCards } from './SummaryCards.js';

/** One purchase order, with a bulk PO's program; at most 90% of the viewport high, its body scrolls. */
export function PurchaseOrderDetailsDialog({ order, onClose }: { order: PurchaseOrderWithLines; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Purchase Order Details - ${order.poNumber}`}
      onCancel={onClose}
      footer={null}
      width={960}
      centered
      styles={{ container: { maxHeight: '90vh', display: 'flex', flexDirection: 'column' }, body: { overflowY: 'auto' } }}
    >
      <DetailsAndHistory kind="purchase-order" id={order.id}>
        <Flex vertical gap={16}>
          <Flex gap={8} wrap aria-label="Badges" role="group">
            <Tag color="blue">Status: {order.status}</Tag>
            {order.poType && <Tag>Type: {order.poType}</Tag>}
            <Tag>Source: {purchaseOrderSource(order)}</Tag>
          </Flex>
          <SummaryCards order={order} />
          {order.poType === 'BULK' && <ProgramCard purchaseOrderId={order.id} />}
          {order.poType === 'BULK' && <ReceiptsCard purchaseOrderId={order.id} />}
          {order.poType === 'BULK' && <StockOwnersCard purchaseOrderId={order.id} />}
          <Typography.Title level={5} style={{ margin: 0 }}>
            Line Items
          </Typography.Title>
          <LineItemsTable lines={order.items} currency={order.currency} />
        </Flex>
      </DetailsAndHistory>
    </Modal>
  );
}
