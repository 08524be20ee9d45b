import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { startApiServer, type ApiServer } from '../../test-support/apiServer.js';
import { createQueryClient } from '../api/queryClient.js';
import { PlatformProvider } from '../PlatformProvider.js';
import { LOGIN_PATH, useRedirectWhenUnauthorized } from './unauthorized.js';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer({ '/api/purchase-orders': { status: 401, body: '{"message":"Unauthorized"}' } });
});
afterAll(() => api.close());

function Page({ navigate }: { navigate: (url: string) => void }) {
  useRedirectWhenUnauthorized(navigate);
  useQuery({ queryKey: [api.url('/api/purchase-orders')] });
  return null;
}

it('a 401 from any query toasts "Unauthorized" and opens sign-in after 500 ms, once', async () => {
  const visited: { url: string; at: number }[] = [];
  const started = Date.now();
  render(
    <PlatformProvider client={createQueryClient()}>
      <Page navigate={(url) => visited.push({ url, at: Date.now() - started })} />
    </PlatformProvider>,
  );
  expect(await screen.findByText('Unauthorized')).toBeTruthy();
  expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  await waitFor(() => expect(visited.map((v) => v.url)).toEqual([LOGIN_PATH]));
  // The redirect waits 500 ms after the 401 (which came after `started`), and happens once.
  expect(visited[0]!.at).toBeGreaterThanOrEqual(500);
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(visited).toHaveLength(1);
});
