import type { TableColumnsType } from '@printpool/ui/table';
import type { Customer } from '../api/catalog.js';
import { CatalogListPage } from './CatalogListPage.js';
import { FullNameCell } from './FullNameCell.js';
import { formatSyncedAt } from './syncedAt.js';

const columns: TableColumnsType<Customer> = [
  { title: 'Name', dataIndex: 'name', render: (_, row) => <FullNameCell name={row.name} fullName={row.fullName} /> },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Phone', dataIndex: 'phone' },
  { title: 'Address', dataIndex: 'address' },
  { title: 'Last Synced', dataIndex: 'syncedAt', render: formatSyncedAt },
];

export function CustomersPage() {
  return (
    <CatalogListPage<Customer>
      entity="customers"
      title="Customers"
      subtitle="Customers synced from QuickBooks"
      columns={columns}
      searchHint="name or email"
    />
  );
}
