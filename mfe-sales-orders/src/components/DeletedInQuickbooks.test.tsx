/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { SalesOrderDetailsDialog } from '../dialogs/SalesOrderDetailsDialog.js';
import { SalesOrdersPage } from '../routes/SalesOrdersPage.js';
import { salesOrder } from '../testing/salesOrderFixtures.js';

// An accepted order whose estimate the bookkeeper deleted while its pull ticket was pending.
const kept = salesOrder({ id: 9, soNumber: 'EST-1009-BL', status: 'processing', qbId: '209', deletedInQuickbooksAt: '2026-03-05T15:30:00.000Z' });
const alive = salesOrder({ id: 10, soNumber: 'EST-1010-BL', status: 'processing', qbId: '210' });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
afterEach(() => {
  cleanup();
  for (const key of Object.keys(routes)) delete routes[key];
});

it('badges the kept order in the list, and only it', async () => {
  routes['/api/sales-orders?limit=10&offset=0'] = listRoute([kept, alive], 2);
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders');
  const row = (await screen.findByText('EST-1009-BL')).closest('tr')!;
  expect(within(row).getByText('Deleted in QuickBooks')).toBeTruthy();
  expect(within(screen.getByText('EST-1010-BL').closest('tr')!).queryByText('Deleted in QuickBooks')).toBeNull();
});

it('says in the details why the order is still here, and confirming the deletion asks the server to release it', async () => {
  routes['/api/sales-orders/9/confirm-deleted'] = { status: 204 };
  let closed = false;
  renderWithPlatform(<SalesOrderDetailsDialog order={kept} onClose={() => (closed = true)} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Its estimate was deleted in QuickBooks');
  expect(alert.textContent).toContain('Its stock stays held');
  fireEvent.click(await within(alert).findByRole('button', { name: 'Confirm deletion' }));
  expect(await screen.findByText('Sales order deleted; its stock is back in the pool')).toBeTruthy();
  expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/sales-orders/9/confirm-deleted']);
  await waitFor(() => expect(closed).toBe(true));
});

it('re-creating the estimate makes the order one without an estimate, then writes it back', async () => {
  routes['/api/sales-orders/9/recreate-estimate'] = { status: 200, body: JSON.stringify({ ...kept, qbId: null, syncStatus: 'pending' }) };
  routes['/api/sales-orders/9/sync'] = { status: 200, body: JSON.stringify({ syncStatus: 'synced', syncError: null, qbId: '301' }) };
  renderWithPlatform(<SalesOrderDetailsDialog order={kept} onClose={() => {}} />);
  fireEvent.click(await within(await screen.findByRole('alert')).findByRole('button', { name: 'Re-create in QuickBooks' }));
  expect(await screen.findByText('Estimate re-created in QuickBooks')).toBeTruthy();
  expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/sales-orders/9/recreate-estimate', '/api/sales-orders/9/sync']);
});

it('shows a viewer the warning without the choices', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  renderWithPlatform(<SalesOrderDetailsDialog order={kept} onClose={() => {}} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Its estimate was deleted in QuickBooks');
  expect(within(alert).queryByRole('button')).toBeNull();
});
