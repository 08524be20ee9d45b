import { afterEach, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createQueryClient } from '../api/queryClient.js';
import { PlatformProvider } from '../PlatformProvider.js';
import { useToast, type ToastOptions } from './useToast.js';

function Toaster({ toasts }: { toasts: ToastOptions[] }) {
  const { toast } = useToast();
  useEffect(() => toasts.forEach(toast), [toast, toasts]);
  return null;
}

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

it('shows one toast at a time, the latest', async () => {
  render(
    <PlatformProvider client={createQueryClient()}>
      <Toaster toasts={[{ title: 'First' }, { title: 'Second', description: 'Newest wins', variant: 'destructive' }]} />
    </PlatformProvider>,
  );
  expect(await screen.findByText('Newest wins')).toBeTruthy();
  expect(screen.queryByText('First')).toBeNull();
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(screen.getByRole('alert').textContent).toContain('Second');
});

it('hides a toast 5000 ms after it shows', async () => {
  jest.useFakeTimers();
  render(
    <PlatformProvider client={createQueryClient()}>
      <Toaster toasts={[{ title: 'Saved', variant: 'info' }]} />
    </PlatformProvider>,
  );
  // It shows once its stylesheet is in (useToast.ts).
  expect(await screen.findByText('Saved')).toBeTruthy();
  await act(async () => jest.advanceTimersByTime(4900));
  expect(screen.queryByText('Saved')).not.toBeNull();
  await act(async () => jest.advanceTimersByTime(1000));
  expect(screen.queryByText('Saved')).toBeNull();
});
