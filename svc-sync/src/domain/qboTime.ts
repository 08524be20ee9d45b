/** CDC looks back at most 30 days; a cursor older than this needs a full listing instead. */
export const CDC_MAX_AGE_MS = 29 * 86_400_000;

/**
 * Overlap between consecutive CDC windows: QBO stamps LastUpdatedTime to the second, so a
 * window starting at the exact answer time could miss a change made in that same second.
 * Re-reading a change is harmless; every write is an upsert by qbId.
 */
export const CDC_OVERLAP_MS = 2_000;

/** The earlier of two QBO timestamps, either possibly missing. */
export function earlierTime(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b) < Date.parse(a) ? b : a;
}

/** Where the next CDC window starts, given when QBO answered the one that just ran. */
export function nextCdcSince(answeredAt: string): string {
  return new Date(Date.parse(answeredAt) - CDC_OVERLAP_MS).toISOString();
}

/** Whether CDC can still start from `since` (QBO refuses windows over 30 days). */
export function cdcUsable(since: string | undefined, now = Date.now()): since is string {
  if (!since) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && now - at < CDC_MAX_AGE_MS;
}
