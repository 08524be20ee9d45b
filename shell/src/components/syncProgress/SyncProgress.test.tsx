import { afterEach, expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { LocalApi } from '../../testing/localApi.js';
import { SyncProgress } from './SyncProgress.js';
import type { SyncRun } from '@printpool/contracts';
import { runningSync as running, startSyncApi } from './testing/syncApi.js';

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
});

async function serveRuns(runs: (SyncRun | null)[]) {
  api = await startSyncApi(runs);
}

function renderProgress() {
  render(
    <PlatformProvider client={createQueryClient()}>
      <SyncProgress collapsed={false} />
    </PlatformProvider>,
  );
}

it('shows nothing when there has never been a sync', async () => {
  await serveRuns([null]);
  renderProgress();
  await waitFor(() => expect(api!.calls).toHaveLength(1));
  expect(screen.queryByTestId('sync-progress')).toBeNull();
});

it('follows a running sync each second and goes away when it ends', async () => {
  await serveRuns([running, { ...running, progress: { ...running.progress, done: 55 } }, { ...running, status: 'completed' }]);
  renderProgress();
  const panel = await screen.findByRole('status', { name: 'QuickBooks sync progress' });
  expect(screen.getByTestId('sync-progress-count').textContent).toBe('30 / 80');
  expect(screen.getAllByTestId('sync-progress-entity').map((line) => line.textContent)).toEqual(['Customer30 / 30', 'Purchase order0 / 50']);
  expect(panel.querySelector('.ant-progress')).not.toBeNull();
  expect(await screen.findByText('55 / 80', {}, { timeout: 3000 })).toBeTruthy();
  await waitFor(() => expect(screen.queryByTestId('sync-progress')).toBeNull(), { timeout: 3000 });
  // The outcome is the layout's tracker's to report, not the sidebar's.
  expect(screen.queryByText('QuickBooks sync completed successfully')).toBeNull();
  expect(api!.calls.every((call) => call.path === '/api/quickbooks/sync/runs/latest')).toBe(true);
});

it('says when the sync waits out the QuickBooks request limit, and until when', async () => {
  const until = '2025-03-01T10:01:00Z';
  await serveRuns([{ ...running, waitingUntil: until }, running]);
  renderProgress();
  const waiting = await screen.findByTestId('sync-progress-waiting');
  expect(waiting.textContent).toBe(`QuickBooks request limit reached: waiting until ${new Date(until).toLocaleTimeString()}`);
  await waitFor(() => expect(screen.queryByTestId('sync-progress-waiting')).toBeNull(), { timeout: 3000 });
  expect(screen.getByTestId('sync-progress-count').textContent).toBe('30 / 80');
});
