import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startApiServer, type ApiServer, type Route } from './apiServer.js';
import { sendSameOriginFetchTo } from './sameOriginFetch.js';

/** Who is signed in unless a test answers /api/auth/user itself: an owner, who is offered every action. */
export const SIGNED_IN_OWNER = { id: 'owner-1', email: 'owner@example.com', role: 'owner', companyName: 'Lone Star Print Brokers' };

/**
 * For a whole test file: a real API server answering `routes` (which tests may change between
 * runs), same-origin fetches sent to it, and its request log emptied before each test.
 */
export function serveApiDuringTests(routes: Record<string, Route>): { requests: ApiServer['requests'] } {
  const log: { requests: ApiServer['requests'] } = { requests: [] };
  let api: ApiServer;
  let restoreFetch: () => void;
  beforeAll(async () => {
    api = await startApiServer(routes, { '/api/auth/user': { status: 200, body: JSON.stringify(SIGNED_IN_OWNER) } });
    restoreFetch = sendSameOriginFetchTo(api);
    log.requests = api.requests;
  });
  beforeEach(() => {
    api.requests.length = 0;
  });
  afterAll(async () => {
    restoreFetch();
    await api.close();
  });
  return log;
}
