import { SEARCH_DEBOUNCE_MS, searchFromAddress, useDebouncedValue } from '@printpool/platform';
import { Card, PageHeader } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { countedTitle, PagedTable } from '@printpool/ui/table';
import { useState } from 'react';
import { usePullTickets } from '../api/pullTickets.js';
import { PullTicketActions } from './PullTicketActions.js';
import { pullTicketColumns } from './pullTicketColumns.js';
import type { PullTicketDialog } from './pullTicketDialog.js';
import { PullTicketDialogs } from './PullTicketDialogs.js';

const PAGE_SIZE = 10;

export function PullTicketsPage() {
  // `/pull-tickets?search=PT-000001` opens the page on that ticket (documentHref in libs/platform).
  const [searchText, setSearchText] = useState(searchFromAddress);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = usePullTickets({ search, page, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<PullTicketDialog>(null);
  const columns = pullTicketColumns((ticket) => <PullTicketActions ticket={ticket} onOpen={setDialog} />);
  return (
    <>
      <PageHeader title="Pull Tickets" subtitle="Tickets sent to vendors to pull items from BULK inventory" />
      <Card title={countedTitle('Pull Tickets', data)}>
        <Input.Search
          placeholder="Search pull tickets..."
          aria-label="Search pull tickets"
          allowClear
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <PagedTable
          label="Pull tickets"
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText: search ? 'No pull tickets match your search.' : 'No pull tickets found.' }}
        />
      </Card>
      <PullTicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
