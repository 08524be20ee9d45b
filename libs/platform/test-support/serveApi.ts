import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startApiServer, type ApiServer, type Route } from './apiServer.js';
import { sendSameOriginFetchTo } from './sameOriginFetch.js';

/**
 * For a whole test file: a real API server answering `routes` (which tests may change between
 * runs), same-origin fetches sent to it, and its request log emptied before each test.
 */
export function serveApiDuringTests(routes: Record<string, Route>): { requests: ApiServer['requests'] } {
  const log: { requests: ApiServer['requests'] } = { requests: [] };
  let api: ApiServer;
  let restoreFetch: () => void;
  beforeAll(async () => {
    api = await startApiServer(routes);
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
