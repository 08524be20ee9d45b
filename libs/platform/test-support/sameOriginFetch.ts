import type { ApiServer } from './apiServer.js';

/**
 * Components call same-origin paths (/api/…), which Node's fetch cannot resolve without a
 * document: until the returned restore() runs, such paths go to the test's API server.
 */
export function sendSameOriginFetchTo(api: ApiServer): () => void {
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nodeFetch(typeof input === 'string' && input.startsWith('/') ? api.url(input) : input, init);
  return () => {
    globalThis.fetch = nodeFetch;
  };
}
