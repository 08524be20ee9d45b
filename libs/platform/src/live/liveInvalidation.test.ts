import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import type { QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '../api/queryClient.js';
import { createLiveInvalidator, LIVE_DEBOUNCE_MS, LIVE_EVENT_KEYS, LIVE_MAX_WAIT_MS } from './liveInvalidation.js';

let flushed: QueryKey[][];
beforeEach(() => {
  jest.useFakeTimers();
  flushed = [];
});
afterEach(() => {
  jest.useRealTimers();
});

const sorted = (keys: QueryKey[]) => keys.map((key) => String(key[0])).sort();

it('maps each event to the lists it changes, every inventory event to the dashboard stats', () => {
  const first = (type: string) => sorted([...(LIVE_EVENT_KEYS[type] ?? [])]);
  expect(first('inventory.catalog.changed')).toEqual(['/api/customers', '/api/dashboard/stats', '/api/items']);
  // Orders, receipts and shipments move customers' stock and its alerts (docs/product.md §12).
  expect(first('inventory.purchase-order.changed')).toEqual([
    '/api/customers',
    '/api/dashboard/programs',
    '/api/dashboard/stats',
    '/api/inventory/alerts',
    '/api/purchase-orders',
    '/api/purchase-orders/bulk/open',
  ]);
  expect(first('inventory.sales-order.changed')).toEqual(['/api/customers', '/api/dashboard/stats', '/api/inventory/alerts', '/api/sales-orders']);
  expect(first('inventory.item-level.changed')).toEqual(['/api/dashboard/stats', '/api/items']);
  for (const verb of ['created', 'updated', 'deleted']) {
    expect(first(`inventory.pull-ticket.${verb}`)).toEqual(['/api/dashboard/stats', '/api/pull-tickets']);
  }
  // A shipment is a release: it moves this month's program charges.
  expect(first('inventory.pull-ticket.shipped')).toEqual([
    '/api/customers',
    '/api/dashboard/programs',
    '/api/dashboard/stats',
    '/api/inventory/alerts',
    '/api/pull-tickets',
  ]);
  expect(first('documents.email.sent')).toEqual(['/api/email-logs']);
  expect(first('documents.email.failed')).toEqual(['/api/email-logs']);
  for (const type of Object.keys(LIVE_EVENT_KEYS).filter((t) => t.startsWith('inventory.'))) expect(first(type)).toContain('/api/dashboard/stats');
});

it('collects a burst of events into one invalidation, each key once', () => {
  const live = createLiveInvalidator((keys) => flushed.push(keys));
  for (let i = 0; i < 5; i++) live.add('inventory.catalog.changed');
  live.add('inventory.item-level.changed');
  live.add('accounting.sync.completed');
  expect(flushed).toEqual([]);
  jest.advanceTimersByTime(LIVE_DEBOUNCE_MS);
  expect(flushed).toHaveLength(1);
  expect(sorted(flushed[0]!)).toEqual(['/api/customers', '/api/dashboard/stats', '/api/items']);
});

it('still refreshes during a long burst, at least once per max wait', () => {
  const live = createLiveInvalidator((keys) => flushed.push(keys));
  // A 70-batch sync: an event every 100 ms for 7 s.
  for (let i = 0; i < 70; i++) {
    live.add('inventory.catalog.changed');
    jest.advanceTimersByTime(100);
  }
  jest.advanceTimersByTime(LIVE_DEBOUNCE_MS);
  expect(flushed.length).toBeGreaterThanOrEqual(7_000 / LIVE_MAX_WAIT_MS);
  expect(flushed.length).toBeLessThanOrEqual(7_000 / LIVE_MAX_WAIT_MS + 1);
});

it('ignores event types it does not know and drops what is pending when cancelled', () => {
  const live = createLiveInvalidator((keys) => flushed.push(keys));
  live.add('accounting.sync.completed');
  jest.advanceTimersByTime(LIVE_DEBOUNCE_MS);
  live.add('inventory.sales-order.changed');
  live.cancel();
  jest.advanceTimersByTime(LIVE_MAX_WAIT_MS);
  expect(flushed).toEqual([]);
});

it('refreshes every covered list after a reconnect, and invalidates by prefix (pages and searches too)', () => {
  const client = createQueryClient();
  client.setQueryData(['/api/customers', { search: 'acme', page: 2, pageSize: 10 }], { rows: [], total: 0 });
  client.setQueryData(['/api/quickbooks/status'], { connected: true });
  const live = createLiveInvalidator((keys) => keys.forEach((queryKey) => void client.invalidateQueries({ queryKey })));
  live.addAll();
  jest.advanceTimersByTime(LIVE_DEBOUNCE_MS);
  expect(client.getQueryState(['/api/customers', { search: 'acme', page: 2, pageSize: 10 }])?.isInvalidated).toBe(true);
  expect(client.getQueryState(['/api/quickbooks/status'])?.isInvalidated).toBe(false);
});
