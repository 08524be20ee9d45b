import type { TableColumnsType } from '@printpool/ui/table';
import type { Customer } from '../api/catalog.js';
import { CatalogListPage } from './CatalogListPage.js';
import { FullNameCell } from './FullNameCell.js';
import { formatSyncedAt } from './syncedAt.js';

const columns: TableColumnsType<Customer> = [
  // A column with `sorter` sorts on the server by its key (libs/contracts orderLists.ts).
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    // The name opens the customer's page: their stock (docs/product.md §12).
    render: (_, row) => <FullNameCell name={row.name} fullName={row.fullName} href={`/customers/${row.id}`} />,
  },
  { title: 'Email', dataIndex: 'email', key: 'email', sorter: true },
  { title: 'Phone', dataIndex: 'phone', key: 'phone', sorter: true },
  { title: 'Address', dataIndex: 'address' },
  { title: 'Last Synced', dataIndex: 'syncedAt', key: 'syncedAt', sorter: true, render: formatSyncedAt },
];

export function CustomersPage() {
  return (
    <CatalogListPage<Customer> entity="customers" title="Customers" subtitle="Customers synced from QuickBooks" columns={columns} searchHint="name or email" />
  );
}
