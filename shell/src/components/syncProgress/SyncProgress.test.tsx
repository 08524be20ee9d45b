import '../../routes/public/testing/browserGaps.js';
import { afterEach, expect, it, jest } from '@jest/globals';
import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { startLocalApi, type LocalApi } from '../../routes/public/testing/localApi.js';
import { SyncProgress } from './SyncProgress.js';
import type { SyncRun } from './syncRun.js';

jest.setTimeout(30_000);

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
});

const running: SyncRun = {
  runId: 'r1',
  status: 'running',
  kind: 'full',
  startedAt: '2025-03-01T10:00:00Z',
  finishedAt: null,
  progress: { done: 30, total: 80, byEntity: { customer: { done: 30, total: 30 }, purchaseOrder: { done: 0, total: 50 } } },
  error: null,
};

/** Answers the latest run from a list, one per call, the last one repeated. */
async function serveRuns(runs: (SyncRun | null)[]) {
  api = await startLocalApi(() => {
    const run = runs.length > 1 ? runs.shift()! : runs[0]!;
    return run ? { status: 200, body: JSON.stringify(run) } : { status: 404, body: '{"message":"Sync run not found"}' };
  });
}

function renderProgress() {
  const client = createQueryClient();
  client.setQueryData(['/api/dashboard/stats'], { activeSOs: 1 });
  render(
    <PlatformProvider client={client}>
      <SyncProgress collapsed={false} />
    </PlatformProvider>,
  );
  return client;
}

it('shows nothing when there has never been a sync', async () => {
  await serveRuns([null]);
  renderProgress();
  await waitFor(() => expect(api!.calls).toHaveLength(1));
  expect(screen.queryByTestId('sync-progress')).toBeNull();
});

it('follows a running sync each second, then refreshes everything and says it completed', async () => {
  await serveRuns([running, { ...running, progress: { ...running.progress, done: 55 } }, { ...running, status: 'completed' }]);
  const client = renderProgress();
  const panel = await screen.findByRole('status', { name: 'QuickBooks sync progress' });
  expect(screen.getByTestId('sync-progress-count').textContent).toBe('30 / 80');
  expect(screen.getAllByTestId('sync-progress-entity').map((line) => line.textContent)).toEqual(['Customer30 / 30', 'Purchase order0 / 50']);
  expect(panel.querySelector('.ant-progress')).not.toBeNull();
  expect(await screen.findByText('55 / 80', {}, { timeout: 3000 })).toBeTruthy();
  expect(await screen.findByText('QuickBooks sync completed successfully', {}, { timeout: 3000 })).toBeTruthy();
  expect(screen.queryByTestId('sync-progress')).toBeNull();
  expect(client.getQueryState(['/api/dashboard/stats'])?.isInvalidated).toBe(true);
  expect(api!.calls.every((call) => call.path === '/api/quickbooks/sync/runs/latest')).toBe(true);
});

it('says when the sync failed', async () => {
  await serveRuns([running, { ...running, status: 'failed', error: 'QuickBooks answered 500' }]);
  renderProgress();
  expect(await screen.findByText('Failed to sync with QuickBooks', {}, { timeout: 3000 })).toBeTruthy();
  expect(screen.getByText('Sync Error')).toBeTruthy();
});
