/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useListView } from '@printpool/platform';
import { renderWithPlatform } from '@printpool/platform/testing';
import { SearchablePagedTable } from './SearchablePagedTable.js';

afterEach(cleanup);

interface Order {
  id: number;
  number: string;
}

const orders = (count: number, from = 1): Order[] => Array.from({ length: count }, (_, i) => ({ id: from + i, number: `SO-${from + i}` }));

/** A list page as the remotes build one: its view in the address, Show Closed a filter that only widens the list. */
function OrdersPage({ list, loadingText }: { list?: { rows: Order[]; total: number }; loadingText?: string }) {
  const view = useListView(['status', 'includeClosed'], { includeClosed: 'false' });
  return (
    <>
      <output aria-label="asked for">{JSON.stringify(view.query)}</output>
      <SearchablePagedTable<Order>
        label="Orders"
        view={view}
        path="/api/orders"
        noun="orders"
        widening={['includeClosed']}
        list={list}
        loadingText={loadingText}
        columns={[{ title: 'Number', dataIndex: 'number', key: 'number', sorter: true }]}
      />
    </>
  );
}

const askedFor = () =>
  JSON.parse(screen.getByLabelText('asked for').textContent!) as { search: string; page: number; pageSize: number; filters: Record<string, string> };

it('shows the page of rows with a search box and the tools of every list', async () => {
  renderWithPlatform(<OrdersPage list={{ rows: orders(2), total: 2 }} />);
  expect(await screen.findByText('SO-2')).toBeTruthy();
  expect(screen.getByRole('searchbox', { name: 'Search orders' })).toBeTruthy();
  expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  expect(screen.getByRole('button', { name: /Print/ })).toBeTruthy();
});

it('sends a search, a page and a sort to the view, back to the first page on a new search', async () => {
  renderWithPlatform(<OrdersPage list={{ rows: orders(10), total: 35 }} />, '/orders?page=2');
  const table = await screen.findByRole('region', { name: 'Orders' });
  fireEvent.click(within(table).getByTitle('4'));
  await waitFor(() => expect(askedFor().page).toBe(4));
  fireEvent.click(within(table).getByText('Number'));
  await waitFor(() => expect(askedFor().filters).toMatchObject({ sort: 'number' }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'acme' } });
  await waitFor(() => expect(askedFor()).toMatchObject({ search: 'acme', page: 1 }));
});

it('says nothing matches only when a search or a narrowing filter is set, not for a widening one', async () => {
  const empty = { rows: [], total: 0 };
  renderWithPlatform(<OrdersPage list={empty} />, '/orders?includeClosed=true');
  expect(await screen.findByText('No orders found.')).toBeTruthy();
  cleanup();
  renderWithPlatform(<OrdersPage list={empty} />, '/orders?status=open');
  expect(await screen.findByText('No orders match your search.')).toBeTruthy();
  cleanup();
  renderWithPlatform(<OrdersPage list={empty} />, '/orders?search=acme');
  expect(await screen.findByText('No orders match your search.')).toBeTruthy();
});

it('says it is loading, not that the list is empty, before the first page arrives', async () => {
  renderWithPlatform(<OrdersPage loadingText="Loading orders..." />);
  expect(await screen.findByText('Loading orders...')).toBeTruthy();
  expect(screen.queryByText('No orders found.')).toBeNull();
});
