/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { CustomersPage } from './CustomersPage.js';

const FIRST_PAGE = '/api/customers?limit=50&offset=0';
const SEARCHED = '/api/customers?search=acme&limit=50&offset=0';
const customer = (id: number, name: string) => ({ id, name, email: `${id}@example.com`, phone: null, address: null, syncedAt: null });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  Object.assign(routes, {
    [FIRST_PAGE]: { status: 200, body: JSON.stringify([customer(1, 'Acme Print'), customer(2, 'Globex')]) },
    [SEARCHED]: { status: 200, body: JSON.stringify([customer(1, 'Acme Print')]) },
    '/api/quickbooks/status': { status: 200, body: '{"connected":true,"hasRealmId":true,"companyName":"Sandbox"}' },
    '/api/sync/customers': { status: 202, body: '{"runId":"r1"}' },
  });
});
afterEach(cleanup);

it('sends the search to the server once typing pauses', async () => {
  renderWithPlatform(<CustomersPage />);
  expect(await screen.findByText('Globex')).toBeTruthy();
  const search = screen.getByRole('searchbox', { name: 'Search customers' });
  for (const typed of ['a', 'ac', 'acm', 'acme']) fireEvent.change(search, { target: { value: typed } });
  await waitFor(() => expect(screen.queryByText('Globex')).toBeNull());
  expect(api.requests.map((r) => r.path).filter((path) => path.startsWith('/api/customers'))).toEqual([FIRST_PAGE, SEARCHED]);
});

it('asks for a connection before syncing, and makes no call without one', async () => {
  routes['/api/quickbooks/status'] = { status: 200, body: '{"connected":false,"hasRealmId":false,"companyName":null}' };
  renderWithPlatform(<CustomersPage />);
  fireEvent.click(await screen.findByRole('button', { name: /Sync Customers/ }));
  expect(await screen.findByText('Not Connected')).toBeTruthy();
  expect(screen.getByText('Please connect to QuickBooks first')).toBeTruthy();
  expect(api.requests.some((r) => r.path === '/api/sync/customers')).toBe(false);
});

it('starts the sync when connected, and says when it could not', async () => {
  routes['/api/sync/customers'] = { status: 500, body: 'boom' };
  renderWithPlatform(<CustomersPage />);
  fireEvent.click(await screen.findByRole('button', { name: /Sync Customers/ }));
  expect(await screen.findByText('Failed to sync customers from QuickBooks')).toBeTruthy();
  expect(api.requests.filter((r) => r.path === '/api/sync/customers').map((r) => r.method)).toEqual(['POST']);
});

it('offers a viewer the list without the sync', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  try {
    renderWithPlatform(<CustomersPage />);
    expect(await screen.findByText('Acme Print')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sync Customers/ })).toBeNull();
  } finally {
    delete routes['/api/auth/user'];
  }
});

it("shows a job's full name under its name, so two jobs named alike are told apart", async () => {
  const job = (id: number, name: string, fullName: string) => ({ ...customer(id, name), fullName, parentQbId: '1', currency: 'USD' });
  routes[FIRST_PAGE] = {
    status: 200,
    body: JSON.stringify([
      { ...customer(1, 'Harbor Dental'), fullName: 'Harbor Dental' },
      job(2, 'Spring Gala', 'Harbor Dental:Spring Gala'),
      job(3, 'Spring Gala', 'Acme Print:Spring Gala'),
    ]),
  };
  renderWithPlatform(<CustomersPage />);
  expect(await screen.findByText('Acme Print:Spring Gala')).toBeTruthy();
  const names = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
  expect(names).toEqual(['Harbor Dental', 'Spring GalaHarbor Dental:Spring Gala', 'Spring GalaAcme Print:Spring Gala']);
});
