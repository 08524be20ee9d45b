import { expect, it } from '@jest/globals';
import type { Route } from '../../test-support/apiServer.js';
import { serveApiDuringTests } from '../../test-support/serveApi.js';
import { ApiError } from './apiRequest.js';
import { callRoute } from './callRoute.js';

const routes: Record<string, Route> = {
  '/api/purchase-orders/7': { status: 204 },
  '/api/purchase-orders/8': { status: 200, body: '' },
  '/api/purchase-orders/9': { status: 409, body: '{"message":"Synced from QuickBooks: delete it there instead"}' },
  '/api/purchase-orders/7/receipts': { status: 200, body: '{"purchaseOrderId":7,"tolerancePercent":10}' },
};
const api = serveApiDuringTests(routes);

it('answers the route’s JSON, and nothing for a route that answers with no body', async () => {
  expect(await callRoute('get /api/purchase-orders/:id/receipts', { params: { id: 7 } })).toEqual({ purchaseOrderId: 7, tolerancePercent: 10 });
  expect(await callRoute('delete /api/purchase-orders/:id', { params: { id: 7 } })).toBeUndefined();
  expect(await callRoute('delete /api/purchase-orders/:id', { params: { id: 8 } })).toBeUndefined();
  expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
    '/api/purchase-orders/7',
    '/api/purchase-orders/8',
  ]);
});

it('throws the server’s refusal in its own words', async () => {
  const refusal = await callRoute('delete /api/purchase-orders/:id', { params: { id: 9 } }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ApiError);
  expect(refusal).toMatchObject({ status: 409, message: 'Synced from QuickBooks: delete it there instead' });
});
