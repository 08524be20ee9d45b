import { formatCount, formatMoney, formatUsd } from '@printpool/domain';
import { DocumentLink, documentHref } from '@printpool/platform';
import { InventoryStatusBadge, Tag } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import { purchaseOrderSource, type PurchaseOrderWithLines } from '../api/purchaseOrders.js';
import { formatDay } from '../domain/programTerms.js';
import { PurchaseOrderActions } from './PurchaseOrderActions.js';
import { PurchaseOrderStatusSelect } from './PurchaseOrderStatusSelect.js';

/** The page's columns; the row actions open the page's dialogs. */
export function purchaseOrderColumns(actions: {
  onViewDetails: (order: PurchaseOrderWithLines) => void;
  onDelete: (order: PurchaseOrderWithLines) => void;
}): TableColumnsType<PurchaseOrderWithLines> {
  return [
    // A column with `sorter` sorts on the server by its key (libs/contracts orderLists.ts).
    { title: 'PO Number', dataIndex: 'poNumber', key: 'poNumber', sorter: true },
    { title: 'Vendor', dataIndex: 'vendorName', key: 'vendorName', sorter: true },
    { title: 'Type', dataIndex: 'poType', key: 'poType', sorter: true, render: (type?: string | null) => type && <Tag>{type}</Tag> },
    { title: 'Total Qty', dataIndex: 'totalQuantity', align: 'right', render: formatCount },
    { title: 'Remaining', dataIndex: 'quantityRemaining', align: 'right', render: formatCount },
    {
      title: 'Left',
      dataIndex: 'remainingPercent',
      key: 'remainingPercent',
      sorter: true,
      align: 'right',
      render: (percent: number | null) => (percent === null ? '-' : `${percent}%`),
    },
    {
      title: 'Expires',
      key: 'expiresOn',
      sorter: true,
      // A bulk PO's program page is where its end, stock and charges are read (docs/product.md §11).
      render: (_, po) => (po.expiresOn ? <DocumentLink href={documentHref.program(po.id)}>{formatDay(po.expiresOn)}</DocumentLink> : '-'),
    },
    {
      title: 'Charges',
      dataIndex: 'chargesToDate',
      key: 'chargesToDate',
      sorter: true,
      align: 'right',
      // A bulk PO's release charges and storage to date, as its program page counts them (docs/product.md §11).
      render: (charges: string | null) => (charges === null ? '-' : formatUsd(charges)),
    },
    {
      title: 'Inventory Status',
      key: 'inventoryStatus',
      render: (_, po) => <InventoryStatusBadge total={po.totalQuantity} remaining={po.quantityRemaining} />,
    },
    {
      title: 'Total Amount',
      dataIndex: 'totalAmount',
      key: 'totalAmount',
      sorter: true,
      align: 'right',
      render: (_, order) => formatMoney(order.totalAmount, order.currency),
    },
    { title: 'Status', key: 'status', sorter: true, render: (_, po) => <PurchaseOrderStatusSelect order={po} /> },
    { title: 'Source', key: 'source', render: (_, po) => purchaseOrderSource(po) },
    { title: 'Actions', key: 'actions', render: (_, po) => <PurchaseOrderActions order={po} {...actions} /> },
  ];
}
