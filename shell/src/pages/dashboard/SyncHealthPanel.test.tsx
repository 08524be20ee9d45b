import { formatDayTime } from '@printpool/domain';
import { beforeEach, expect, it } from '@jest/globals';
import type { SyncHealth } from '@printpool/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { SyncHealthPanel } from './SyncHealthPanel.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const json = (body: unknown, status = 200): Route => ({ status, body: JSON.stringify(body) });

const QUICKBOOKS_500 =
  'QuickBooks 500: System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again. (code 10000)';

const healthy: SyncHealth = { lastCheckedAt: '2026-11-25T10:42:00.000Z', catchUpMinutes: 15, problems: [] };
const failing: SyncHealth = {
  lastCheckedAt: '2026-11-25T10:42:00.000Z',
  catchUpMinutes: 15,
  problems: [
    { kind: 'sync', runId: 'r9', syncKind: 'incremental', reason: QUICKBOOKS_500, failedAt: '2026-11-25T10:57:00.000Z' },
    {
      kind: 'write-back',
      salesOrderId: 41,
      soNumber: '1048-BL',
      reason: 'QuickBooks 400: Invalid Reference Id : Item 999999 was not found or has been deleted (code 2500)',
      failedAt: '2026-11-25T10:50:00.000Z',
    },
  ],
};

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  routes['/api/auth/user'] = json({ id: 'u1', email: 'broker@harbor.test', tenantId: 't1', role: 'staff' });
});

it('shows when QuickBooks was last checked, and no alert while nothing failed', async () => {
  routes['/api/quickbooks/sync/health'] = json(healthy);
  renderWithPlatform(<SyncHealthPanel />);
  expect(await screen.findByText(`Last checked ${formatDayTime(healthy.lastCheckedAt!)}`)).toBeTruthy();
  expect(screen.queryByText('Sync problems')).toBeNull();
});

it('says nothing before the first sync', async () => {
  routes['/api/quickbooks/sync/health'] = json({ lastCheckedAt: null, catchUpMinutes: 15, problems: [] });
  renderWithPlatform(<SyncHealthPanel />);
  await waitFor(() => expect(api.requests.some((r) => r.path === '/api/quickbooks/sync/health')).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(/Last checked/)).toBeNull();
});

it("lists each failed sync and write-back with QuickBooks' reason; Retry runs it again and the list follows", async () => {
  routes['/api/quickbooks/sync/health'] = json(failing);
  routes['/api/quickbooks/sync'] = json({ runId: 'r10' }, 202);
  routes['/api/quickbooks/sync/runs/latest'] = { status: 204 };
  renderWithPlatform(<SyncHealthPanel />);
  expect(await screen.findByText('Sync problems')).toBeTruthy();
  expect(screen.getByText(`Sync from QuickBooks failed (${formatDayTime('2026-11-25T10:57:00.000Z')}): ${QUICKBOOKS_500}`)).toBeTruthy();
  expect(
    screen.getByText(
      `Sales order 1048-BL was not saved in QuickBooks (${formatDayTime('2026-11-25T10:50:00.000Z')}): QuickBooks 400: Invalid Reference Id : Item 999999 was not found or has been deleted (code 2500)`,
    ),
  ).toBeTruthy();

  routes['/api/quickbooks/sync/health'] = json({ ...failing, problems: [failing.problems[1]] });
  fireEvent.click(screen.getByRole('button', { name: 'Retry the sync' }));
  await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/quickbooks/sync')).toBe(true));
  await waitFor(() => expect(screen.queryByText(/Sync from QuickBooks failed/)).toBeNull());

  routes['/api/sales-orders/41/sync'] = json({ syncStatus: 'synced', syncError: null, qbId: '130' });
  routes['/api/quickbooks/sync/health'] = json(healthy);
  fireEvent.click(screen.getByRole('button', { name: 'Retry sales order 1048-BL' }));
  await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/sales-orders/41/sync')).toBe(true));
  await waitFor(() => expect(screen.queryByText('Sync problems')).toBeNull());
});

it("says a retry failed in the server's words, and keeps the problem listed", async () => {
  routes['/api/quickbooks/sync/health'] = json(failing);
  routes['/api/sales-orders/41/sync'] = json({ message: 'Not connected to QuickBooks', code: 'CONFLICT' }, 409);
  renderWithPlatform(<SyncHealthPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Retry sales order 1048-BL' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Retry failed')).toBeTruthy();
  expect(within(toast).getByText('Not connected to QuickBooks')).toBeTruthy();
  expect(screen.getByText('Sync problems')).toBeTruthy();
});

it('shows a viewer the problems without Retry', async () => {
  routes['/api/auth/user'] = json({ id: 'u3', email: 'viewer@harbor.test', tenantId: 't1', role: 'viewer' });
  routes['/api/quickbooks/sync/health'] = json(failing);
  renderWithPlatform(<SyncHealthPanel />);
  expect(await screen.findByText('Sync problems')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
});
