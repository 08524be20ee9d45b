import { routeRequest, type RouteAnswer, type RouteAnswerAt, type RouteInput, type RouteResponse } from './routeCall.js';

describe('routeRequest', () => {
  it('fills and encodes the path, keeps the body and the route’s headers', () => {
    const input: RouteInput<'post /api/purchase-orders/:id/receipts/:receiptId/resolve'> = {
      params: { id: 12, receiptId: 'a/b' },
      body: { resolution: 'claim', note: null },
      headers: { 'If-Match': '"v1"' },
    };
    expect(routeRequest('post /api/purchase-orders/:id/receipts/:receiptId/resolve', input)).toEqual({
      method: 'POST',
      url: '/api/purchase-orders/12/receipts/a%2Fb/resolve',
      headers: { 'If-Match': '"v1"' },
      body: { resolution: 'claim', note: null },
    });
  });

  it('sends only the query values that are set, and no body when there is none', () => {
    expect(routeRequest('get /api/purchase-orders', { query: { search: 'Atlas & Co', limit: 5, offset: undefined, status: null } })).toEqual({
      method: 'GET',
      url: '/api/purchase-orders?search=Atlas+%26+Co&limit=5',
      headers: {},
    });
  });

  it('refuses a call that leaves a path parameter out', () => {
    const input = { params: {} } as unknown as RouteInput<'get /api/purchase-orders/:id/receipts'>;
    expect(() => routeRequest('get /api/purchase-orders/:id/receipts', input)).toThrow('needs the path parameter id');
  });

  it('types the answer and the input by the contract', () => {
    const answer = {} as RouteAnswer<'get /api/purchase-orders/:id/receipts'>;
    const tolerance: number = answer.tolerancePercent;
    // A route made by a helper (inventoryHistory.ts) is named and typed as one written out.
    const history = [] as RouteAnswer<'get /api/sales-orders/:id/history'>;
    const by: string | undefined = history[0]?.by;
    // @ts-expect-error the run has no field of this name
    void answer.noSuchField;
    // @ts-expect-error a receipt's body names its lines
    const missingLines: RouteInput<'post /api/purchase-orders/:id/receipts'>['body'] = { receivedOn: '2026-01-01' };
    // @ts-expect-error a versioned write names the version it was based on
    const missingVersion: RouteInput<'post /api/purchase-orders/:id/receipts'> = { params: { id: 1 }, body: { receivedOn: '2026-01-01', lines: [] } };
    // @ts-expect-error no such route
    routeRequest('get /api/no-such-route', {});
    expect([tolerance, by, missingLines, missingVersion]).toHaveLength(4);
  });

  it('types each status of an answer by the contract, a refusal as the error body', () => {
    const outcome = (answer: RouteResponse<'post /api/quickbooks/sync'>): string => {
      switch (answer.status) {
        case 200:
          return `ran: ${answer.body.status}`;
        case 202:
          // @ts-expect-error a run started in the background is answered with its id alone
          void answer.body.status;
          return `started: ${answer.body.runId}`;
        default:
          return `refused (${answer.status}): ${answer.body.message}`;
      }
    };
    // A status the contract spreads in from another object is listed as one written out.
    const refusal: RouteAnswerAt<'post /api/sales-orders/:id/sync', 502> = { message: 'QuickBooks 400', code: 'QBO_WRITE_FAILED' };
    const none: RouteAnswerAt<'get /api/quickbooks/sync/runs/latest', 204> = undefined;
    // @ts-expect-error no route is answered with 418
    const teapot: RouteResponse<'get /api/quickbooks/sync/health'>['status'] = 418;
    expect([
      outcome({ status: 202, body: { runId: 'r1' } }),
      outcome({ status: 409, body: { message: 'Not connected to QuickBooks' } }),
      refusal.code,
      none,
      teapot,
    ]).toEqual(['started: r1', 'refused (409): Not connected to QuickBooks', 'QBO_WRITE_FAILED', undefined, 418]);
  });
});
