/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, openRowActions, menuItemNames, serveApiDuringTests } from '@printpool/platform/testing';
import { pendingTicket, sentTicket, shippedTicket } from '../test-support/tickets.js';
import { PullTicketsPage } from './PullTicketsPage.js';

const FIRST_PAGE = '/api/pull-tickets?limit=10&offset=0';
const searched = (query: string) => `/api/pull-tickets?search=${query}&limit=10&offset=0`;

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  for (const path of Object.keys(routes)) delete routes[path];
  routes[FIRST_PAGE] = listRoute([sentTicket, shippedTicket, pendingTicket]);
  routes['/api/pull-tickets/1'] = { status: 204 };
  routes['/api/pull-tickets/1/pdf'] = { status: 500, body: '{"message":"PDF renderer is unavailable"}' };
});
afterEach(cleanup);

const listCalls = () => api.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/pull-tickets?')).map((r) => r.path);

it('lists the tickets with their total quantity and status', async () => {
  renderWithPlatform(<PullTicketsPage />);
  expect(await screen.findByText('PT-1001')).toBeTruthy();
  for (const title of ['Ticket #', 'Sales Order', 'Customer', 'Vendor', 'Total Qty', 'Status', 'Created', 'Actions']) {
    expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
  }
  const row = (ptNumber: string) => screen.getByText(ptNumber).closest('tr') as HTMLElement;
  expect(within(row('PT-1001')).getByText('750')).toBeTruthy();
  expect(within(row('PT-1002')).getByText('40')).toBeTruthy();
  expect(within(row('PT-1003')).getByText('0')).toBeTruthy();
  expect(within(row('PT-1002')).getByText('shipped')).toBeTruthy();
  expect(screen.getByText('Pull Tickets (3)')).toBeTruthy();
});

it('finds a ticket beyond the first page by searching on the server once typing pauses', async () => {
  const newer = Array.from({ length: 10 }, (_, i) => ({ ...sentTicket, id: 100 + i, ptNumber: `PT-2${String(i).padStart(3, '0')}` }));
  routes[FIRST_PAGE] = listRoute(newer, 13);
  routes[searched('lakeside')] = listRoute([shippedTicket]);
  renderWithPlatform(<PullTicketsPage />);
  await screen.findByText('PT-2000');
  expect(screen.getByText('Pull Tickets (13)')).toBeTruthy();
  expect(screen.queryByText('PT-1002')).toBeNull();

  const search = screen.getByPlaceholderText('Search pull tickets...');
  for (const typed of ['l', 'lake', 'lakeside']) fireEvent.change(search, { target: { value: typed } });
  expect(await screen.findByText('PT-1002')).toBeTruthy();
  expect(screen.getByText('Pull Tickets (1)')).toBeTruthy();
  expect(screen.queryByText('PT-2000')).toBeNull();
  expect(listCalls()).toEqual([FIRST_PAGE, searched('lakeside')]);
});

it('asks the server for the page the pager shows', async () => {
  const second = '/api/pull-tickets?limit=10&offset=10';
  routes[FIRST_PAGE] = listRoute([sentTicket], 11);
  routes[second] = listRoute([pendingTicket], 11);
  renderWithPlatform(<PullTicketsPage />);
  await screen.findByText('PT-1001');
  fireEvent.click(screen.getByTitle('2'));
  expect(await screen.findByText('PT-1003')).toBeTruthy();
  expect(screen.queryByText('PT-1001')).toBeNull();
  expect(listCalls()).toEqual([FIRST_PAGE, second]);
});

it('says when no ticket matches the search', async () => {
  routes[searched('nothing')] = listRoute([]);
  renderWithPlatform(<PullTicketsPage />);
  await screen.findByText('PT-1001');
  fireEvent.change(screen.getByPlaceholderText('Search pull tickets...'), { target: { value: 'nothing' } });
  expect(await screen.findByText('No pull tickets match your search.')).toBeTruthy();
  expect(screen.getByText('Pull Tickets (0)')).toBeTruthy();
});

it('offers every action, Approve included, for a ticket sent to its vendor', async () => {
  renderWithPlatform(<PullTicketsPage />);
  const sentMenu = await openRowActions('PT-1001');
  for (const name of ['View Details', 'Download PDF', 'Email Vendor', 'Approve', 'Mark Shipped', 'Edit', 'Delete']) {
    expect(within(sentMenu).getByText(name)).toBeTruthy();
  }
});

it('offers a viewer only what reads: the details and the PDF', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  try {
    renderWithPlatform(<PullTicketsPage />);
    const sentMenu = await openRowActions('PT-1001');
    expect(menuItemNames(sentMenu)).toEqual(['View Details', 'Download PDF']);
  } finally {
    delete routes['/api/auth/user'];
  }
});

it('offers the shipping notification, and neither Approve nor Mark Shipped, for a shipped ticket', async () => {
  renderWithPlatform(<PullTicketsPage />);
  const shippedMenu = await openRowActions('PT-1002');
  expect(within(shippedMenu).getByText('Send Shipping Notification')).toBeTruthy();
  expect(within(shippedMenu).queryByText('Mark Shipped')).toBeNull();
  expect(within(shippedMenu).queryByText('Approve')).toBeNull();
});

it('offers Mark Shipped but not Approve for a ticket not yet sent', async () => {
  renderWithPlatform(<PullTicketsPage />);
  const pendingMenu = await openRowActions('PT-1003');
  expect(within(pendingMenu).queryByText('Approve')).toBeNull();
  expect(within(pendingMenu).getByText('Mark Shipped')).toBeTruthy();
});

it('opens the details of a ticket with its contacts and items', async () => {
  renderWithPlatform(<PullTicketsPage />);
  fireEvent.click(within(await openRowActions('PT-1001')).getByText('View Details'));
  const dialog = await screen.findByRole('dialog', { name: 'Pull Ticket Details - PT-1001' });
  const group = (name: string) => within(within(dialog).getByRole('group', { name }));
  expect(group('Customer').getByText('9 Dock St, Portland, ME')).toBeTruthy();
  expect(group('Vendor').getByText('orders@acmeprint.com')).toBeTruthy();
  expect(group('Ticket').getByText('PO-3001-BL')).toBeTruthy();
  expect(group('Ticket').getByText('3/10/2099')).toBeTruthy();
  expect(group('Notes').getByText('Pack in boxes of 250')).toBeTruthy();
  const items = within(within(dialog).getByRole('table', { name: 'Pull ticket items' }));
  for (const text of ['I-1', 'Postcard 4x6', 'Glossy', 'PC-46', '500', '$0.25', 'BR-1', '$0.0941']) expect(items.getByText(text)).toBeTruthy();
});

it('deletes a ticket only after confirmation', async () => {
  renderWithPlatform(<PullTicketsPage />);
  fireEvent.click(within(await openRowActions('PT-1001')).getByText('Delete'));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Pull Ticket - PT-1001' });
  expect(within(dialog).getByText('Are you sure you want to delete this pull ticket?')).toBeTruthy();
  expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Pull ticket deleted successfully')).toBeTruthy();
  expect(api.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/pull-tickets/1');
});

it("reports a failed PDF with the server's message", async () => {
  renderWithPlatform(<PullTicketsPage />);
  fireEvent.click(within(await openRowActions('PT-1001')).getByText('Download PDF'));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Failed to generate PDF')).toBeTruthy();
  expect(within(toast).getByText('PDF renderer is unavailable')).toBeTruthy();
});

it('fetches the list again when the window regains focus', async () => {
  renderWithPlatform(<PullTicketsPage />);
  await screen.findByText('PT-1001');
  expect(listCalls()).toEqual([FIRST_PAGE]);
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
  await waitFor(() => expect(listCalls()).toEqual([FIRST_PAGE, FIRST_PAGE]));
  focusManager.setFocused(undefined);
});

it('opens on the ticket the address names, as a sales order links to its ticket', async () => {
  routes[searched('PT-1002')] = listRoute([shippedTicket]);
  renderWithPlatform(<PullTicketsPage />, '/pull-tickets?search=PT-1002');
  expect(await screen.findByText('PT-1002')).toBeTruthy();
  expect((screen.getByPlaceholderText('Search pull tickets...') as HTMLInputElement).value).toBe('PT-1002');
  expect(screen.getByText('Pull Tickets (1)')).toBeTruthy();
  expect(listCalls()).toContain(searched('PT-1002'));
});
