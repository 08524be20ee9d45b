import { LRUCache } from 'lru-cache';

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
  const entries = new LRUCache<string, { value: V; until: number }>({ max: maxEntries });
  return {
    get(key, now) {
      // peek, not get: reading leaves the order of storing as it is.
      const entry = entries.peek(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, until) {
      entries.set(key, { value, until });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
