import type { QueryKey } from '@tanstack/react-query';

const DASHBOARD_STATS: QueryKey = ['/api/dashboard/stats'];
/** Programs ending soon and this month's charges: receipts and releases move them. */
const DASHBOARD_PROGRAMS: QueryKey = ['/api/dashboard/programs'];
/** Stock at reorder points, programs ending, storage starting: orders, releases and receipts move them. */
const INVENTORY_ALERTS: QueryKey = ['/api/inventory/alerts'];
/** Customers' stock (`/api/customers/:id/inventory` is under the customers' key): what moves alerts moves it. */
const CUSTOMERS: QueryKey = ['/api/customers'];
const PURCHASE_ORDERS: QueryKey[] = [['/api/purchase-orders'], ['/api/purchase-orders/bulk/open']];
const PULL_TICKETS: QueryKey[] = [['/api/pull-tickets']];
const EMAIL_LOGS: QueryKey[] = [['/api/email-logs']];

/**
 * The lists each live event makes out of date. Keys are prefixes (`['/api/customers']` covers
 * every page and search of the list). The stream carries no record data, so a catalog change
 * refreshes both catalog lists; only the one on screen is refetched. Every inventory change
 * can move a dashboard count.
 */
export const LIVE_EVENT_KEYS: Readonly<Record<string, readonly QueryKey[]>> = {
  'inventory.catalog.changed': [['/api/customers'], ['/api/items'], DASHBOARD_STATS],
  'inventory.purchase-order.changed': [...PURCHASE_ORDERS, DASHBOARD_STATS, DASHBOARD_PROGRAMS, INVENTORY_ALERTS, CUSTOMERS],
  'inventory.sales-order.changed': [['/api/sales-orders'], DASHBOARD_STATS, INVENTORY_ALERTS, CUSTOMERS],
  'inventory.item-level.changed': [['/api/items'], DASHBOARD_STATS],
  'inventory.pull-ticket.created': [...PULL_TICKETS, DASHBOARD_STATS],
  'inventory.pull-ticket.updated': [...PULL_TICKETS, DASHBOARD_STATS],
  'inventory.pull-ticket.shipped': [...PULL_TICKETS, DASHBOARD_STATS, DASHBOARD_PROGRAMS, INVENTORY_ALERTS, CUSTOMERS],
  'inventory.pull-ticket.deleted': [...PULL_TICKETS, DASHBOARD_STATS],
  'documents.email.sent': EMAIL_LOGS,
  'documents.email.failed': EMAIL_LOGS,
};

export const LIVE_DEBOUNCE_MS = 300;
/** A sync announces batches for several seconds; the list still moves at least this often. */
export const LIVE_MAX_WAIT_MS = 1_000;

export interface LiveInvalidator {
  /** Notes an event type; its keys are invalidated with the others collected in the same burst. */
  add(type: string): void;
  /** Notes every key the stream covers (after a reconnect, events may have been missed). */
  addAll(): void;
  cancel(): void;
}

/**
 * Collects the keys of a burst of events and hands them over once, each key once: after
 * `debounceMs` without events, or `maxWaitMs` after the burst began, whichever comes first.
 */
export function createLiveInvalidator(invalidate: (keys: QueryKey[]) => void, debounceMs = LIVE_DEBOUNCE_MS, maxWaitMs = LIVE_MAX_WAIT_MS): LiveInvalidator {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstStartedAt = 0;

  function flush() {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    if (keys.length) invalidate(keys);
  }

  function collect(keys: readonly QueryKey[]) {
    if (keys.length === 0) return;
    for (const key of keys) pending.set(JSON.stringify(key), key);
    const now = Date.now();
    if (timer === undefined) burstStartedAt = now;
    else clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, burstStartedAt + maxWaitMs - now)));
  }

  return {
    add: (type) => collect(LIVE_EVENT_KEYS[type] ?? []),
    addAll: () => collect(Object.values(LIVE_EVENT_KEYS).flat()),
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
