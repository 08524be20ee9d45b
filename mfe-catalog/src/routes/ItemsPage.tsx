import { formatCount, formatUnitPrice, virtualInventoryTone } from '@printpool/domain';
import { Tag } from '@printpool/ui';
import type { TableColumnsType } from '@printpool/ui/table';
import type { Item } from '../api/catalog.js';
import { CatalogListPage } from './CatalogListPage.js';
import { FullNameCell } from './FullNameCell.js';
import { formatSyncedAt } from './syncedAt.js';

const INVENTORY_COLOR = { normal: 'green', secondary: 'gold', destructive: 'red' } as const;

const columns: TableColumnsType<Item> = [
  // A column with `sorter` sorts on the server by its key (libs/contracts orderLists.ts).
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true, render: (_, row) => <FullNameCell name={row.name} fullName={row.fullName} /> },
  { title: 'SKU', dataIndex: 'sku', key: 'sku', sorter: true },
  { title: 'Description', dataIndex: 'description', ellipsis: true },
  { title: 'Unit Price', dataIndex: 'unitPrice', key: 'unitPrice', sorter: true, render: formatUnitPrice },
  {
    title: 'Virtual Inventory',
    dataIndex: 'virtualInventory',
    key: 'virtualInventory',
    sorter: true,
    render: (quantity: number) => <Tag color={INVENTORY_COLOR[virtualInventoryTone(quantity)]}>{formatCount(quantity)}</Tag>,
  },
  { title: 'Last Synced', dataIndex: 'syncedAt', key: 'syncedAt', sorter: true, render: formatSyncedAt },
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
