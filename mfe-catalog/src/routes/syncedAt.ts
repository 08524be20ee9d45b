export function formatSyncedAt(syncedAt: string | null): string {
  return syncedAt ? new Date(syncedAt).toLocaleString('en-US') : 'Never';
}
