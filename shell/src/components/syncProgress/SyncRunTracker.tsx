import { useSyncRunOutcome } from './useSyncRunOutcome.js';

/** Follows sync runs to their end without drawing anything; the sidebar shows the progress. */
export function SyncRunTracker() {
  useSyncRunOutcome();
  return null;
}
