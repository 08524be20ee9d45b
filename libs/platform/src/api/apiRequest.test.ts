import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApiServer, type ApiServer } from '../../test-support/apiServer.js';
import { ApiError, apiRequest, isUnauthorizedError } from './apiRequest.js';
import { getQueryFn, queryKeyToPath } from './queryFn.js';
import { QueryClient } from '@tanstack/react-query';

let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer({
    '/api/items': { status: 200, body: '[{"id":1}]' },
    '/api/items/7': { status: 200, body: '{"id":7}' },
    '/api/broken': { status: 500, body: '{"message":"boom","code":"INTERNAL"}' },
    '/api/refused': {
      status: 400,
      body: '{"message":"customerEmail: Invalid email address","code":"VALIDATION_FAILED","details":{"issues":[{"field":"customerEmail","message":"Invalid email address"}]}}',
    },
    '/api/empty-error': { status: 503, statusText: 'Service Unavailable' },
    '/api/proxy-error': { status: 502, statusText: 'Bad Gateway', body: '<html><body>502 Bad Gateway</body></html>' },
    '/api/auth/user': { status: 401, body: '{"message":"Unauthorized"}' },
    '/api/user/settings': { status: 200, body: '{}' },
  });
});
afterAll(() => api.close());

describe('apiRequest', () => {
  it("turns a non-OK answer into an ApiError carrying the server's message and code", async () => {
    const error = await apiRequest('GET', api.url('/api/broken')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: 'boom', code: 'INTERNAL', issues: [], fromServer: true });
  });

  it('names the fields a validation failure refused', async () => {
    const error = await apiRequest('POST', api.url('/api/refused'), { customerEmail: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: 'customerEmail: Invalid email address',
      code: 'VALIDATION_FAILED',
      issues: [{ field: 'customerEmail', message: 'Invalid email address' }],
      details: { issues: [{ field: 'customerEmail', message: 'Invalid email address' }] },
    });
  });

  it('falls back to the status text when the body is empty or not an error body', async () => {
    await expect(apiRequest('GET', api.url('/api/empty-error'))).rejects.toMatchObject({
      status: 503,
      message: 'Service Unavailable',
      code: undefined,
      fromServer: false,
    });
    await expect(apiRequest('GET', api.url('/api/proxy-error'))).rejects.toMatchObject({ status: 502, message: 'Bad Gateway', fromServer: false });
  });

  it('sends a JSON content type only with a body', async () => {
    await apiRequest('PATCH', api.url('/api/user/settings'), { bulkPoSuffix: '-BL' });
    await apiRequest('DELETE', api.url('/api/user/settings'));
    const [withBody, withoutBody] = api.requests.filter((r) => r.path === '/api/user/settings');
    expect(withBody).toMatchObject({ method: 'PATCH', contentType: 'application/json', body: '{"bulkPoSuffix":"-BL"}' });
    expect(withoutBody).toMatchObject({ method: 'DELETE', contentType: undefined, body: '' });
  });

  it('sends a FormData body as multipart', async () => {
    const form = new FormData();
    form.append('pullTicketId', '7');
    form.append('file', new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' }));
    await apiRequest('POST', api.url('/api/user/settings'), form);
    const upload = api.requests.at(-1);
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain('name="pullTicketId"');
    expect(upload?.body).toContain('filename="proof.pdf"');
  });

  it('recognises a 401 as unauthorized, other failures not', async () => {
    const unauthorized = await apiRequest('GET', api.url('/api/auth/user')).catch((e: unknown) => e);
    const failed = await apiRequest('GET', api.url('/api/broken')).catch((e: unknown) => e);
    expect(isUnauthorizedError(unauthorized)).toBe(true);
    expect(isUnauthorizedError(failed)).toBe(false);
  });
});

describe('getQueryFn', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('joins the query key parts with "/" into the path', async () => {
    expect(queryKeyToPath(['/api/purchase-orders', 12, 'pdf'])).toBe('/api/purchase-orders/12/pdf');
    const item = await client.fetchQuery({ queryKey: [api.url('/api/items'), 7], queryFn: getQueryFn({ on401: 'throw' }) });
    expect(item).toEqual({ id: 7 });
  });

  it('answers null for a 401 when asked to, and throws otherwise', async () => {
    const key = [api.url('/api/auth/user')];
    await expect(client.fetchQuery({ queryKey: key, queryFn: getQueryFn({ on401: 'returnNull' }) })).resolves.toBeNull();
    client.clear();
    await expect(client.fetchQuery({ queryKey: key, queryFn: getQueryFn({ on401: 'throw' }) })).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });
});
