import type { PurchaseOrderStockOwner } from '@printpool/contracts';
import { useCan } from '@printpool/platform';
import { Card, SimpleTable, Typography, type SimpleColumn } from '@printpool/ui';
import { Select } from '@printpool/ui/form';
import { useState } from 'react';
import { useCustomers } from '../../api/customers.js';
import { useAssignStockOwner, useStockOwners } from '../../api/useStockOwners.js';
import { serverSearchProps } from '../serverSearch.js';

/** What decided whose stock an item is, in the broker's words (docs/product.md §12). */
const DECIDED_BY: Record<PurchaseOrderStockOwner['decidedBy'], string> = {
  quickbooks: 'From QuickBooks',
  broker: 'Given by the broker',
  orders: 'From the orders drawing it',
  shared: 'Shared',
};

const itemLabel = (item: PurchaseOrderStockOwner) => item.itemName ?? item.itemId;

/** A customer chosen for an item's stock, searched as the broker types; clearing it takes the broker's word back. */
function OwnerPicker({ item, onChoose, saving }: { item: PurchaseOrderStockOwner; onChoose: (customerId: number | null) => void; saving: boolean }) {
  const [typed, setTyped] = useState('');
  const { data, isFetching } = useCustomers(typed);
  const chosen = item.assigned ? [{ value: item.assigned.customerId, label: item.assigned.customerName }] : [];
  const found = (data ?? []).filter((customer) => customer.id !== item.assigned?.customerId).map((customer) => ({ value: customer.id, label: customer.name }));
  return (
    <Select<number>
      aria-label={`Customer for ${itemLabel(item)}`}
      style={{ minWidth: 220 }}
      size="small"
      allowClear
      disabled={saving}
      placeholder="Give to a customer"
      value={item.assigned?.customerId}
      {...serverSearchProps(typed, setTyped, isFetching, 'No customers found')}
      onChange={(customerId) => {
        setTyped('');
        onChoose(customerId ?? null);
      }}
      options={[...chosen, ...found]}
    />
  );
}

/**
 * Whose stock each item of a bulk PO is (docs/product.md §12), and for staff a customer picker for
 * stock its QuickBooks lines do not decide: the broker's word wins over the orders drawing it.
 */
export function StockOwnersCard({ purchaseOrderId }: { purchaseOrderId: number }) {
  const owners = useStockOwners(purchaseOrderId);
  const assign = useAssignStockOwner(purchaseOrderId);
  const canWork = useCan('staff');
  const columns: SimpleColumn<PurchaseOrderStockOwner>[] = [
    { title: 'Item', render: itemLabel },
    { title: 'Held For', render: (item) => item.owner?.customerName ?? 'No one' },
    { title: 'Decided By', render: (item) => DECIDED_BY[item.decidedBy] },
  ];
  if (canWork)
    columns.push({
      title: 'Give To',
      render: (item) =>
        item.decidedBy === 'quickbooks' ? (
          <Typography.Text type="secondary">Change it in QuickBooks</Typography.Text>
        ) : (
          <OwnerPicker
            item={item}
            saving={assign.isPending}
            onChoose={(customerId) => assign.mutate({ itemId: item.itemId, customerId, version: item.version })}
          />
        ),
    });
  let body;
  if (owners.isPending) body = <Typography.Text type="secondary">Loading stock owners...</Typography.Text>;
  else if (owners.isError) body = <Typography.Text type="danger">Could not load the stock owners</Typography.Text>;
  else
    body = (
      <SimpleTable
        label="Stock owners"
        columns={columns}
        rows={owners.data.items}
        rowKey={(item) => item.itemId}
        empty={<Typography.Text type="secondary">No items on this PO</Typography.Text>}
      />
    );
  return (
    <Card size="small" title="Stock Owners" role="group" aria-label="Stock Owners">
      {body}
    </Card>
  );
}
