import { Suspense } from 'react';
import { lazyComponent } from '@printpool/platform';
import { useLatestSyncRun } from './useLatestSyncRun.js';

// Only a running sync needs the progress bar's code; the dashboard's first load goes without it.
const SyncProgressPanel = lazyComponent(() => import('./SyncProgressPanel.js'), 'SyncProgressPanel');

/** Beside the connection indicator: the running QuickBooks sync (the layout's tracker reports its outcome). */
export function SyncProgress({ collapsed }: { collapsed: boolean }) {
  const run = useLatestSyncRun();
  if (run?.status !== 'running') return null;
  return (
    <Suspense>
      <SyncProgressPanel run={run} collapsed={collapsed} />
    </Suspense>
  );
}
