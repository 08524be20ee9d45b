import { afterEach, expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startLocalApi, type ApiReply, type LocalApi } from '../testing/localApi.js';
import { UserMenu } from './UserMenu.js';

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
});

it('keeps the menu open on Syncing... while the sync is being started, and closes it once it is', async () => {
  let answerSync!: (reply: ApiReply) => void;
  api = await startLocalApi((call) => {
    if (call.path === '/api/auth/user') return { status: 200, body: JSON.stringify({ id: 'u1', email: 'broker@harbor.test', tenantId: 't1', role: 'staff' }) };
    if (call.path === '/api/quickbooks/status')
      return { status: 200, body: JSON.stringify({ connected: true, hasRealmId: true, companyName: 'Harbor Print Partners' }) };
    if (call.method === 'POST' && call.path === '/api/quickbooks/sync') return new Promise<ApiReply>((resolve) => (answerSync = resolve));
    return { status: 204 };
  });
  render(
    <PlatformProvider client={createQueryClient()}>
      <UserMenu collapsed={false} />
    </PlatformProvider>,
  );
  expect(await screen.findByText('Harbor Print Partners')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'User menu: broker@harbor.test Harbor Print Partners' }));
  fireEvent.click(await screen.findByText('Sync Data'));
  expect(await screen.findByText('Syncing...')).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const menu = () => document.querySelector('.ant-dropdown')?.className ?? '';
  expect(menu()).not.toMatch(/ant-dropdown-hidden/);
  expect(screen.getByText('Syncing...')).toBeTruthy();

  answerSync({ status: 202, body: JSON.stringify({ runId: 'r1' }) });
  await waitFor(() => expect(menu()).toMatch(/ant-dropdown-hidden/));
});
