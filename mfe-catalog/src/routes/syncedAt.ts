import { formatDateTime } from '@printpool/domain';

export function formatSyncedAt(syncedAt: string | null): string {
  return syncedAt ? formatDateTime(syncedAt) : 'Never';
}
