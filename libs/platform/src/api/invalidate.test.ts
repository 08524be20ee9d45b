import { expect, it } from '@jest/globals';
import { createQueryClient } from './queryClient.js';
import { invalidateAfterMutation } from './invalidate.js';

it('invalidates the given lists plus the dashboard stats and the e-mail log, nothing else', async () => {
  const client = createQueryClient();
  for (const key of ['/api/purchase-orders', '/api/dashboard/stats', '/api/email-logs', '/api/items']) {
    client.setQueryData([key], []);
  }
  await invalidateAfterMutation(client, ['/api/purchase-orders']);
  const invalidated = (key: string) => client.getQueryState([key])?.isInvalidated;
  expect(invalidated('/api/purchase-orders')).toBe(true);
  expect(invalidated('/api/dashboard/stats')).toBe(true);
  expect(invalidated('/api/email-logs')).toBe(true);
  expect(invalidated('/api/items')).toBe(false);
});

it('uses the product’s data-fetching defaults (docs/product.md §9): no retries, never stale, no focus refetch, no polling', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries).toMatchObject({ retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false });
  expect(mutations).toMatchObject({ retry: false });
});
