import { NotFoundPage, useParams } from '@printpool/platform';
import { EmptyState, Flex, PageHeader, Skeleton } from '@printpool/ui';
import { Tabs } from '@printpool/ui/table';
import { useCustomerInventory } from '../api/useCustomerInventory.js';
import { StockItemCard } from '../components/StockItemCard.js';
import { StatementActions } from './StatementActions.js';

function Stock({ customerId }: { customerId: number }) {
  const { data } = useCustomerInventory(customerId);
  if (!data) return <Skeleton active />;
  if (data.items.length === 0)
    return <EmptyState title="No stock held for this customer" hint="Bulk POs bought for the customer, or drawn only by their orders, show here" />;
  return (
    <Flex vertical gap={16}>
      {data.items.map((item) => (
        <StockItemCard key={item.itemId} customerId={customerId} item={item} />
      ))}
    </Flex>
  );
}

/** A customer's page at /customers/:id: what the broker holds for them (docs/product.md §12). */
export function CustomerPage() {
  const { id } = useParams();
  const customerId = Number(id);
  const { data, isError } = useCustomerInventory(customerId);
  if (!/^\d+$/.test(id ?? '') || isError) return <NotFoundPage />;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={data?.customerName ?? 'Customer'}
        subtitle="Stock held at vendors, and how fast it goes"
        extra={data && <StatementActions customerId={customerId} customerName={data.customerName} />}
      />
      <Tabs items={[{ key: 'stock', label: 'Stock', children: <Stock customerId={customerId} /> }]} />
    </Flex>
  );
}
