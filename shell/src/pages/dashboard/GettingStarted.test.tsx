import { beforeEach, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { DashboardStats } from './DashboardStats.js';
import { GettingStarted } from './GettingStarted.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const json = (body: unknown, status = 200): Route => ({ status, body: JSON.stringify(body) });

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  routes['/api/auth/user'] = json({ id: 'u1', email: 'broker@harbor.test', tenantId: 't1', role: 'owner' });
  routes['/api/quickbooks/sync/runs/latest'] = { status: 204 };
});

it('a new broker is led to connect QuickBooks from the dashboard', async () => {
  routes['/api/quickbooks/status'] = json({ connected: false, hasRealmId: false, companyName: null });
  routes['/api/quickbooks/auth-url'] = json({ authUrl: 'https://appcenter.intuit.com/connect/oauth2?state=s' });
  const visited: string[] = [];
  renderWithPlatform(<GettingStarted navigate={(url) => visited.push(url)} />);
  expect(await screen.findByText('Connect QuickBooks to get started')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(visited).toEqual(['https://appcenter.intuit.com/connect/oauth2?state=s']));
});

it('once connected, the first sync is one click away; after a sync nothing more is asked', async () => {
  routes['/api/quickbooks/status'] = json({ connected: true, hasRealmId: true, companyName: 'Harbor Print Partners' });
  routes['/api/quickbooks/sync'] = json({ runId: 'r1' }, 202);
  const { unmount } = renderWithPlatform(<GettingStarted />);
  expect(await screen.findByText('Connected to Harbor Print Partners')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
  await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/quickbooks/sync')).toBe(true));
  unmount();

  routes['/api/quickbooks/sync/runs/latest'] = json({
    runId: 'r1',
    status: 'completed',
    kind: 'full',
    startedAt: '2026-11-25T10:00:00Z',
    finishedAt: '2026-11-25T10:01:00Z',
    progress: { done: 1, total: 1, byEntity: {} },
    waitingUntil: null,
    error: null,
  });
  renderWithPlatform(<GettingStarted />);
  await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/quickbooks/sync/runs/latest').length).toBeGreaterThan(1));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('an expired connection offers Refresh Token', async () => {
  routes['/api/quickbooks/status'] = json({ connected: false, hasRealmId: true, companyName: 'Harbor Print Partners' });
  renderWithPlatform(<GettingStarted />);
  expect(await screen.findByText('Your QuickBooks connection has expired')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Refresh Token' })).toBeTruthy();
});

it('offers staff the sync but not the connection, and a viewer neither', async () => {
  routes['/api/auth/user'] = json({ id: 'u2', email: 'staff@harbor.test', role: 'staff' });
  routes['/api/quickbooks/status'] = json({ connected: false, hasRealmId: false, companyName: null });
  const { unmount } = renderWithPlatform(<GettingStarted />);
  expect(await screen.findByText('Connect QuickBooks to get started')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
  unmount();

  routes['/api/quickbooks/status'] = json({ connected: true, hasRealmId: true, companyName: 'Harbor Print Partners' });
  const staff = renderWithPlatform(<GettingStarted />);
  expect(await screen.findByText('Connected to Harbor Print Partners')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sync Data' })).toBeTruthy();
  staff.unmount();

  routes['/api/auth/user'] = json({ id: 'u3', email: 'viewer@harbor.test', role: 'viewer' });
  renderWithPlatform(<GettingStarted />);
  expect(await screen.findByText('Connected to Harbor Print Partners')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

it('figures that could not be loaded read as unknown, with Retry, never as 0', async () => {
  routes['/api/dashboard/stats'] = json({ message: 'Service unavailable' }, 502);
  renderWithPlatform(<DashboardStats />);
  expect(await screen.findByText('Statistics could not be loaded.')).toBeTruthy();
  expect(screen.getAllByText('—')).toHaveLength(3);
  expect(screen.queryByText('0')).toBeNull();
  routes['/api/dashboard/stats'] = json({ activeSOs: 1204, totalItems: 52000, pendingPullTickets: 3, openPOs: 9, conflictSOs: 0 });
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('1,204')).toBeTruthy();
  expect(screen.queryByText('Statistics could not be loaded.')).toBeNull();
});
