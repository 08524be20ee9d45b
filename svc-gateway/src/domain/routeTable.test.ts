import { DEFAULT_ROUTE_TABLE, resolveRoute, type RouteEntry } from './routeTable.js';

const serviceOf = (path: string) => resolveRoute(DEFAULT_ROUTE_TABLE, path)?.service ?? null;

describe('the route table (docs/architecture.md §2)', () => {
  it.each([
    ['/api/purchase-orders', 'inventory'],
    ['/api/purchase-orders/bulk/open', 'inventory'],
    ['/api/purchase-orders/12/status', 'inventory'],
    ['/api/sales-orders', 'inventory'],
    ['/api/sales-orders/5', 'inventory'],
    ['/api/sales-orders/5/create-pull-ticket', 'inventory'],
    ['/api/pull-tickets/9/ship', 'inventory'],
    ['/api/pull-tickets/9/approve', 'inventory'],
    ['/api/items', 'inventory'],
    ['/api/customers', 'inventory'],
    ['/api/dashboard/stats', 'inventory'],
    ['/api/sales-orders/5/sync', 'sync'],
    ['/api/sales-orders/5/reject-estimate', 'sync'],
    ['/api/quickbooks/status', 'sync'],
    ['/api/quickbooks/test-bulk-detection', 'sync'],
    ['/api/sync/customers', 'sync'],
    ['/api/pull-tickets/9/pdf', 'documents'],
    ['/api/pull-tickets/9/email', 'documents'],
    ['/api/sales-orders/5/pdf', 'documents'],
    ['/api/sales-orders/5/send-estimate', 'documents'],
    ['/api/email-logs', 'documents'],
    ['/api/attachments/upload', 'documents'],
  ])('%s → %s', (path, service) => {
    expect(serviceOf(path)).toBe(service);
  });

  it('treats the OAuth callback and the webhook as public, everything else as signed-in only', () => {
    expect(resolveRoute(DEFAULT_ROUTE_TABLE, '/api/quickbooks/callback')?.public).toBe(true);
    expect(resolveRoute(DEFAULT_ROUTE_TABLE, '/api/quickbooks/webhook')?.public).toBe(true);
    expect(resolveRoute(DEFAULT_ROUTE_TABLE, '/api/quickbooks/webhook/extra')?.public).toBeUndefined();
    expect(resolveRoute(DEFAULT_ROUTE_TABLE, '/api/quickbooks/status')?.public).toBeUndefined();
  });

  it('leaves the gateway its own paths and unknown ones', () => {
    for (const path of ['/api/login', '/api/auth/user', '/api/user/settings', '/api/contact', '/api/itemsx', '/api/dashboard', '/api/unknown']) {
      expect(serviceOf(path)).toBeNull();
    }
  });

  it("never routes the services' internal calls (write-back results, marking a ticket sent)", () => {
    for (const path of ['/api/internal/sales-orders/1/sync-result', '/api/internal/pull-tickets/1/mark-sent', '/api/internal/anything']) {
      expect(serviceOf(path)).toBeNull();
    }
  });

  it('routes only paths in normal form', () => {
    expect(serviceOf('/api/items/')).toBe('inventory');
    for (const path of ['/api//items', '/api/items/../quickbooks/status', '/api/items/%2e%2e/x', '/api/email-logs/..\\internal\\notifications\\shipment']) {
      expect(serviceOf(path)).toBeNull();
    }
  });

  it('resolves each table by its own entries', () => {
    const table: RouteEntry[] = [
      { path: '/api/reports/:id', service: 'documents' },
      { path: '/api/reports*', service: 'sync' },
    ];
    expect(resolveRoute(table, '/api/reports/7')?.service).toBe('documents');
    expect(resolveRoute(table, '/api/reports/7/rows')?.service).toBe('sync');
    expect(resolveRoute(table, '/api/items')).toBeNull();
    expect(serviceOf('/api/items')).toBe('inventory');
  });
});
