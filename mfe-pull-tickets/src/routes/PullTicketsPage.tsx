import { Card, PageHeader } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { Table } from '@printpool/ui/table';
import { useState } from 'react';
import { usePullTickets } from '../api/pullTickets.js';
import { matchesPullTicket } from '../domain/pullTicketRules.js';
import { PullTicketActions } from './PullTicketActions.js';
import { pullTicketColumns } from './pullTicketColumns.js';
import type { PullTicketDialog } from './pullTicketDialog.js';
import { PullTicketDialogs } from './PullTicketDialogs.js';

export function PullTicketsPage() {
  const { data, isLoading } = usePullTickets();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<PullTicketDialog>(null);
  const rows = (data ?? []).filter((ticket) => matchesPullTicket(ticket, search));
  const columns = pullTicketColumns((ticket) => <PullTicketActions ticket={ticket} onOpen={setDialog} />);
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
      <PullTicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
