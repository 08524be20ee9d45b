import { formatCount, formatUsd } from '@printpool/domain';
import { InventoryStatusBadge, Tag } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import type { PurchaseOrder } from '../api/purchaseOrders.js';

export const purchaseOrderColumns: TableColumnsType<PurchaseOrder> = [
  { title: 'PO Number', dataIndex: 'poNumber' },
  { title: 'Vendor', dataIndex: 'vendorName' },
  { title: 'Type', dataIndex: 'poType', render: (type?: string | null) => type && <Tag>{type}</Tag> },
  { title: 'Total Qty', dataIndex: 'totalQuantity', render: formatCount },
  { title: 'Remaining', dataIndex: 'quantityRemaining', render: formatCount },
  {
    title: 'Inventory Status',
    key: 'inventoryStatus',
    render: (_, po) => <InventoryStatusBadge total={po.totalQuantity} remaining={po.quantityRemaining} />,
  },
  { title: 'Total Amount', dataIndex: 'totalAmount', render: formatUsd },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag>{status}</Tag> },
  { title: 'Source', key: 'source', render: (_, po) => (po.qbId ? 'QuickBooks' : 'Manual') },
];
