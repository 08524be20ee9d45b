import { afterEach, expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { runningSync, startSyncApi } from '../components/syncProgress/testing/syncApi.js';
import type { LocalApi } from '../testing/localApi.js';
import { AppLayout } from './AppLayout.js';

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
});

const STATS_KEY = ['/api/dashboard/stats'];

// jsdom matches no media query, so the layout is the mobile one: the sidebar is a closed drawer.
function renderCustomersPage() {
  const client = createQueryClient();
  client.setQueryData(STATS_KEY, { activeSOs: 1 });
  render(
    <PlatformProvider client={client}>
      <MemoryRouter initialEntries={['/customers']}>
        <Routes>
          <Route path="/" element={<AppLayout />}>
            <Route path="customers" element={<h1>Customers</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </PlatformProvider>,
  );
  return client;
}

it('on mobile, with the sidebar never opened, reports a finished sync and refreshes everything', async () => {
  api = await startSyncApi([runningSync, { ...runningSync, status: 'completed', finishedAt: '2025-03-01T10:01:00Z' }]);
  const client = renderCustomersPage();
  expect(screen.getByRole('heading', { name: 'Customers' })).toBeTruthy();
  expect(screen.queryByTestId('sidebar')).toBeNull();
  expect(await screen.findByText('QuickBooks sync completed successfully', {}, { timeout: 3000 })).toBeTruthy();
  expect(client.getQueryState(STATS_KEY)?.isInvalidated).toBe(true);
});

it('on mobile, reports a failed sync', async () => {
  api = await startSyncApi([runningSync, { ...runningSync, status: 'failed', error: 'QuickBooks answered 500' }]);
  renderCustomersPage();
  expect(await screen.findByText('Failed to sync with QuickBooks', {}, { timeout: 3000 })).toBeTruthy();
  expect(screen.getByText('Sync Error')).toBeTruthy();
});
