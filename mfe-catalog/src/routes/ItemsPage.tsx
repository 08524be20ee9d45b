import { formatCount, formatUnitPrice, virtualInventoryTone } from '@printpool/domain';
import { Tag } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import type { Item } from '../api/catalog.js';
import { CatalogListPage } from './CatalogListPage.js';
import { FullNameCell } from './FullNameCell.js';
import { formatSyncedAt } from './syncedAt.js';

const INVENTORY_COLOR = { normal: 'green', secondary: 'gold', destructive: 'red' } as const;

const columns: TableColumnsType<Item> = [
  { title: 'Name', dataIndex: 'name', render: (_, row) => <FullNameCell name={row.name} fullName={row.fullName} /> },
  { title: 'SKU', dataIndex: 'sku' },
  { title: 'Description', dataIndex: 'description', ellipsis: true },
  { title: 'Unit Price', dataIndex: 'unitPrice', render: formatUnitPrice },
  {
    title: 'Virtual Inventory',
    dataIndex: 'virtualInventory',
    render: (quantity: number) => <Tag color={INVENTORY_COLOR[virtualInventoryTone(quantity)]}>{formatCount(quantity)}</Tag>,
  },
  { title: 'Last Synced', dataIndex: 'syncedAt', render: formatSyncedAt },
];

export function ItemsPage() {
  return (
    <CatalogListPage<Item>
      entity="items"
      title="Items"
      subtitle="Products and services synced from QuickBooks, with their virtual inventory"
      columns={columns}
      searchHint="name or SKU"
    />
  );
}
