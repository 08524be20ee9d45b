import { formatCount } from '@printpool/domain';
import { Card, matchesSearch, PageHeader, Tag } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { useState } from 'react';
import { totalQuantity, usePullTickets, type PullTicket } from '../api/pullTickets.js';

const columns: TableColumnsType<PullTicket> = [
  { title: 'Ticket #', dataIndex: 'ptNumber' },
  { title: 'Sales Order', dataIndex: 'soNumber' },
  { title: 'Customer', dataIndex: 'customerName' },
  { title: 'Vendor', dataIndex: 'vendorName' },
  { title: 'Total Qty', key: 'totalQty', render: (_, ticket) => formatCount(totalQuantity(ticket.items)) },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag>{status}</Tag> },
  { title: 'Created', dataIndex: 'createdAt', render: (createdAt: string) => new Date(createdAt).toLocaleDateString('en-US') },
];

export function PullTicketsPage() {
  const { data, isLoading } = usePullTickets();
  const [search, setSearch] = useState('');
  const rows = (data ?? []).filter((t) => matchesSearch(search, t.ptNumber, t.vendorName, t.soNumber, t.customerName, t.status));
  return (
    <>
      <PageHeader title="Pull Tickets" subtitle="Tickets sent to vendors to pull items from BULK inventory" />
      <Card title={`Pull Tickets (${rows.length})`}>
        <Input.Search
          placeholder="Search pull tickets..."
          aria-label="Search pull tickets"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <Table
          rowKey="id"
          loading={isLoading}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: search ? 'No pull tickets match your search.' : 'No pull tickets found.' }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
