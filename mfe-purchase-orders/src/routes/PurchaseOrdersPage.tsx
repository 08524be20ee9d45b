import { Card, Flex, matchesSearch, PageHeader, Typography } from '@printpool/ui';
import { Input, Switch } from '@printpool/ui/input';
import { Table } from '@printpool/ui/table';
import { useState } from 'react';
import { usePurchaseOrders } from '../api/purchaseOrders.js';
import { purchaseOrderColumns } from './purchaseOrderColumns.js';

export function PurchaseOrdersPage() {
  const { data, isLoading } = usePurchaseOrders();
  const [search, setSearch] = useState('');
  const [showClosed, setShowClosed] = useState(false);
  const rows = (data ?? []).filter(
    (po) => (showClosed || po.status !== 'closed') && matchesSearch(search, po.poNumber, po.vendorName, po.status),
  );
  const emptyText = isLoading ? 'Loading purchase orders...' : search ? 'No purchase orders match your search.' : 'No purchase orders found.';
  return (
    <>
      <PageHeader title="Purchase Orders" subtitle="Manage your purchase orders synced from QuickBooks" />
      <Card
        title={`All Purchase Orders (${rows.length})`}
        extra={
          <Flex gap={12} align="center">
            <Switch checked={showClosed} onChange={setShowClosed} id="show-closed-pos" />
            <Typography.Text>
              <label htmlFor="show-closed-pos">Show Closed POs</label>
            </Typography.Text>
          </Flex>
        }
      >
        <Input.Search
          placeholder="Search purchase orders..."
          aria-label="Search purchase orders"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <Table rowKey="id" columns={purchaseOrderColumns} dataSource={rows} locale={{ emptyText }} scroll={{ x: true }} />
      </Card>
    </>
  );
}
