import { inventoryStatus } from '@printpool/domain';
import { Tag } from 'antd';

const COLOR = { success: 'green', processing: 'blue', warning: 'gold', error: 'red' } as const;

/** Available / In Use / Low Stock / Depleted, from how much of the original quantity is drawn. */
export function InventoryStatusBadge({ total, remaining }: { total: number; remaining: number }) {
  const status = inventoryStatus(total, remaining);
  return <Tag color={COLOR[status.tone]}>{status.label}</Tag>;
}
