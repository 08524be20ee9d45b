import { afterEach, expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider, useRedirectWhenUnauthorized, useSessionStore } from '@printpool/platform';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SyncRunTracker } from '../../components/syncProgress/SyncRunTracker.js';
import { runningSync, startSyncApi } from '../../components/syncProgress/testing/syncApi.js';
import { startLocalApi, type LocalApi } from '../../testing/localApi.js';
import { useQuickbooksActions } from './useQuickbooksActions.js';

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  // A 401 in one test marks the page's session ended; the next test starts signed in again.
  useSessionStore.setState({ unauthorized: false });
});

const STATS_KEY = ['/api/dashboard/stats'];

function SyncData() {
  const { startSync } = useQuickbooksActions({ connected: true, hasRealmId: true, companyName: 'Acme Print' });
  return <button onClick={startSync}>Sync Data</button>;
}

function renderMenu() {
  const client = createQueryClient();
  client.setQueryData(STATS_KEY, { activeSOs: 1 });
  render(
    <PlatformProvider client={client}>
      <SyncRunTracker />
      <SyncData />
    </PlatformProvider>,
  );
  return client;
}

it('follows the background run the POST started, and reports success only when it completes', async () => {
  const earlier = { ...runningSync, runId: 'r0', status: 'completed' as const, finishedAt: '2025-03-01T09:00:00Z' };
  api = await startSyncApi([earlier, runningSync, { ...runningSync, status: 'completed', finishedAt: '2025-03-01T10:01:00Z' }]);
  const client = renderMenu();
  await waitFor(() => expect(api!.calls).toHaveLength(1));

  fireEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
  await waitFor(() =>
    expect(api!.calls.map((call) => `${call.method} ${call.path}`).slice(1, 3)).toEqual(['POST /api/quickbooks/sync', 'GET /api/quickbooks/sync/runs/latest']),
  );
  expect(screen.queryByText('QuickBooks sync completed successfully')).toBeNull();
  expect(client.getQueryState(STATS_KEY)?.isInvalidated).toBe(false);

  expect(await screen.findByText('QuickBooks sync completed successfully', {}, { timeout: 3000 })).toBeTruthy();
  expect(client.getQueryState(STATS_KEY)?.isInvalidated).toBe(true);
});

it('says the sync failed when QuickBooks sync cannot be started', async () => {
  api = await startSyncApi([null], { status: 409, body: '{"message":"Not connected to QuickBooks"}' });
  const client = renderMenu();
  fireEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
  expect(await screen.findByText('Failed to sync with QuickBooks')).toBeTruthy();
  expect(screen.getByText('Sync Error')).toBeTruthy();
  expect(client.getQueryState(STATS_KEY)?.isInvalidated).toBe(false);
});

/** The user menu's actions as the shell mounts them, beside its sign-in redirect, with navigation recorded. */
function renderActions(visited: string[], status = { connected: false, hasRealmId: true, companyName: 'Acme Print' }) {
  const client = createQueryClient();
  client.setQueryData(STATS_KEY, { activeSOs: 1 });
  function Menu() {
    useRedirectWhenUnauthorized((url) => visited.push(url));
    const { startSync, refreshToken } = useQuickbooksActions(status, (url) => visited.push(url));
    return (
      <>
        <button onClick={startSync}>Sync Data</button>
        <button onClick={() => refreshToken.mutate()}>Refresh Token</button>
      </>
    );
  }
  render(
    <PlatformProvider client={client}>
      <Menu />
    </PlatformProvider>,
  );
  return client;
}

it('a 401 on Sync Data shows only the Unauthorized toast and goes to sign-in', async () => {
  api = await startSyncApi([null], { status: 401, body: '{"message":"Unauthorized"}' });
  const visited: string[] = [];
  renderActions(visited, { connected: true, hasRealmId: true, companyName: 'Acme Print' });
  fireEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
  expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
  await waitFor(() => expect(visited).toEqual(['/api/login']));
  expect(screen.queryByText('Sync Error')).toBeNull();
});

it("Refresh Token that needs the broker's consent again says so and goes to QuickBooks", async () => {
  const authUrl = 'https://appcenter.intuit.com/connect/oauth2?client_id=abc&state=xyz';
  api = await startLocalApi(() => ({ status: 200, body: JSON.stringify({ action: 'authorize', authUrl }) }));
  const visited: string[] = [];
  renderActions(visited);
  fireEvent.click(screen.getByRole('button', { name: 'Refresh Token' }));
  expect(await screen.findByText('Reconnecting to QuickBooks...')).toBeTruthy();
  await waitFor(() => expect(visited).toEqual([authUrl]));
  expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/quickbooks/connect']);
});

it('a refreshed token is announced and everything on screen is read again, without a reload', async () => {
  api = await startLocalApi(() => ({ status: 200, body: JSON.stringify({ action: 'token_refreshed' }) }));
  const visited: string[] = [];
  const client = renderActions(visited);
  fireEvent.click(screen.getByRole('button', { name: 'Refresh Token' }));
  expect(await screen.findByText('Your QuickBooks connection has been successfully renewed.')).toBeTruthy();
  await waitFor(() => expect(client.getQueryState(STATS_KEY)?.isInvalidated).toBe(true));
  expect(visited).toEqual([]);
});
