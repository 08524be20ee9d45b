/**
 * Values that hold until a time of their own, at most `maxEntries` of them: when full, the
 * entry stored longest ago makes room, so memory stays bounded whatever callers send.
 */
export interface ExpiringCache<V> {
  /** The value stored under `key` if it still holds at `now` (ms). */
  get(key: string, now: number): V | undefined;
  /** Stores `value` until `until` (ms, exclusive). */
  set(key: string, value: V, until: number): void;
  delete(key: string): void;
}

export function createExpiringCache<V>(maxEntries: number): ExpiringCache<V> {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, until) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, until });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
