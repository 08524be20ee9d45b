import { PULL_TICKET_STATUSES } from '@printpool/domain';
import { useAuth, useListView } from '@printpool/platform';
import { Card, PageHeader, Typography } from '@printpool/ui';
import { countedTitle, ListDateRange, ListFilterSelect, ListFilterText, SearchablePagedTable } from '@printpool/ui/table';
import { useState } from 'react';
import { PULL_TICKETS_PATH, usePullTickets } from '../api/pullTickets.js';
import { PullTicketActions } from './PullTicketActions.js';
import { pullTicketColumns } from './pullTicketColumns.js';
import type { PullTicketDialog } from './pullTicketDialog.js';
import { PullTicketDialogs } from './PullTicketDialogs.js';

const STATUS_OPTIONS = PULL_TICKET_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) }));

export function PullTicketsPage() {
  // The view lives in the address: `/pull-tickets?search=PT-000001` (documentHref in libs/platform) opens the page on that ticket.
  const view = useListView(['status', 'customer', 'vendor', 'from', 'to']);
  const { data, isFetching } = usePullTickets(view.query);
  const [dialog, setDialog] = useState<PullTicketDialog>(null);
  const columns = pullTicketColumns((ticket) => <PullTicketActions ticket={ticket} onOpen={setDialog} />);
  // The actions offered depend on the member's role (PullTicketActions).
  const { isLoading: authLoading } = useAuth();
  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;
  return (
    <>
      <PageHeader title="Pull Tickets" subtitle="Tickets sent to vendors to pull items from BULK inventory" />
      <Card title={countedTitle('Pull Tickets', data)}>
        <SearchablePagedTable
          label="Pull tickets"
          view={view}
          path={PULL_TICKETS_PATH}
          noun="pull tickets"
          filters={
            <>
              <ListFilterSelect view={view} name="status" label="Status" options={STATUS_OPTIONS} />
              <ListFilterText view={view} name="customer" label="Customer" />
              <ListFilterText view={view} name="vendor" label="Vendor" />
              <ListDateRange view={view} label="Created" />
            </>
          }
          columns={columns}
          list={data}
          loading={isFetching}
        />
      </Card>
      <PullTicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
