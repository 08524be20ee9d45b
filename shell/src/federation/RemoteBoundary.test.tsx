import { afterEach, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { REMOTE_RECHECK_MS, RemoteBoundary } from './RemoteBoundary.js';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** A remote's page whose code did not arrive: the server was down. */
const Unreachable = lazy(() => Promise.reject(new Error('Loading chunk 7 failed')));

it('asks out of sight whether the remote answers again, and loads it again by itself only once it does', async () => {
  jest.useFakeTimers();
  const server = { up: false, asked: 0 };
  const retries: number[] = [];
  // React reports the caught error on the console; the area's answer is what counts here.
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <RemoteBoundary
      remote={{ name: 'mfe_catalog', label: 'Catalog' }}
      onRetry={() => retries.push(server.asked)}
      answers={async () => {
        server.asked += 1;
        return server.up;
      }}
    >
      <Suspense fallback={null}>
        <Unreachable />
      </Suspense>
    </RemoteBoundary>,
  );
  expect(await screen.findByText('Catalog is unavailable')).toBeTruthy();
  quiet.mockRestore();

  for (let look = 0; look < 3; look += 1) await act(async () => void jest.advanceTimersByTime(REMOTE_RECHECK_MS));
  expect(server.asked).toBe(3);
  expect(retries).toEqual([]);
  expect(screen.getByText('Catalog is unavailable')).toBeTruthy();

  server.up = true;
  await act(async () => void jest.advanceTimersByTime(REMOTE_RECHECK_MS));
  expect(retries).toEqual([4]);
});
