import { MoreOutlined } from '@ant-design/icons';
import { useCan, useToast } from '@printpool/platform';
import { MenuButton, type MenuProps } from '@printpool/ui/menu';
import type { PurchaseOrderWithLines } from '../api/purchaseOrders.js';
import { useDownloadPurchaseOrderPdf } from '../api/useDownloadPurchaseOrderPdf.js';

interface Props {
  order: PurchaseOrderWithLines;
  onViewDetails: (order: PurchaseOrderWithLines) => void;
  onDelete: (order: PurchaseOrderWithLines) => void;
}

/**
 * The row's menu. docs/product.md §2 wires only delete, e-mail and the status change here; Generate
 * PDF downloads the order's PDF too, since the broker sends it to the vendor, disabled while one
 * is being made. Edit stays disabled. Orders from QuickBooks cannot be deleted here. A viewer is
 * offered only what reads (docs/product.md §6).
 */
export function PurchaseOrderActions({ order, onViewDetails, onDelete }: Props) {
  const { toast } = useToast();
  const pdf = useDownloadPurchaseOrderPdf();
  const canWork = useCan('staff');
  const changes: MenuProps['items'] = [
    {
      key: 'email',
      label: 'Email Vendor',
      onClick: () => toast({ title: 'Email Feature', description: 'Email functionality would be implemented here', variant: 'info' }),
    },
    { key: 'edit', label: 'Edit', disabled: true },
    ...(order.qbId ? [] : [{ key: 'delete', label: 'Delete', danger: true, onClick: () => onDelete(order) }]),
  ];
  const items: MenuProps['items'] = [
    { key: 'view', label: 'View Details', onClick: () => onViewDetails(order) },
    { key: 'pdf', label: 'Generate PDF', disabled: pdf.isPending, onClick: () => pdf.mutate(order) },
    ...(canWork ? changes : []),
  ];
  return <MenuButton type="text" icon={<MoreOutlined />} aria-label={`Actions for ${order.poNumber}`} items={items} />;
}
