import { beforeEach, expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider } from '@printpool/platform';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Route, serveApiDuringTests } from '@printpool/platform/testing';
import { BulkDetectionForm } from './BulkDetectionForm.js';
import type { User } from '@printpool/contracts';

const user: User = {
  id: '1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: null,
  profileImageUrl: null,
  companyName: 'Harbor Print Partners',
  bulkPoSuffix: '-BL',
  bulkEstimateSuffix: '-BULK',
  faxNumber: '',
  pullTicketPrices: 'none',
  role: 'owner',
  settingsVersion: 'v1',
};

const routes: Record<string, Route> = {
  '/api/user/settings': { status: 200, body: '{}' },
  '/api/quickbooks/test-bulk-detection': { status: 200, body: '{"bulkPOsDetected":2,"bulkEstimatesDetected":3}' },
};
const api = serveApiDuringTests(routes);
beforeEach(() => {
  routes['/api/user/settings'] = { status: 200, body: '{}' };
});

function renderForm(member: User = user) {
  render(
    <PlatformProvider client={createQueryClient()}>
      <BulkDetectionForm user={member} />
    </PlatformProvider>,
  );
}

it.each(['staff', 'viewer'] as const)('shows a member who is %s the settings, read only, and says who changes them', (role) => {
  renderForm({ ...user, role });
  expect((screen.getByLabelText('Estimate Suffix') as HTMLInputElement).value).toBe('-BULK');
  expect((screen.getByLabelText('Estimate Suffix') as HTMLInputElement).disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Test Detection' })).toBeNull();
  expect(screen.getByText('Only an owner of the company can do this')).toBeTruthy();
});

it('loads the saved values, -BL where none is saved', () => {
  renderForm();
  expect((screen.getByLabelText('Purchase Order Suffix') as HTMLInputElement).value).toBe('-BL');
  expect((screen.getByLabelText('Estimate Suffix') as HTMLInputElement).value).toBe('-BULK');
});

it('formats the fax number while typing, within 14 characters', () => {
  renderForm();
  const fax = screen.getByPlaceholderText('(555) 123-4567') as HTMLInputElement;
  expect(fax.maxLength).toBe(14);
  fireEvent.change(fax, { target: { value: '555123' } });
  expect(fax.value).toBe('(555) 123');
  fireEvent.change(fax, { target: { value: '5551234567' } });
  expect(fax.value).toBe('(555) 123-4567');
});

it('requires both suffixes', async () => {
  renderForm();
  fireEvent.change(screen.getByLabelText('Purchase Order Suffix'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Estimate Suffix'), { target: { value: '' } });
  expect(await screen.findByText('Purchase Order suffix is required')).toBeTruthy();
  expect(await screen.findByText('Estimate suffix is required')).toBeTruthy();
});

it('shows no prices on pull tickets until the broker chooses their cost, and saves the choice with the settings', async () => {
  renderForm();
  expect((screen.getByLabelText('No prices') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByLabelText('Our cost (unit cost on the bulk PO)'));
  fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
  await waitFor(() =>
    expect(api.requests.filter((r) => r.path === '/api/user/settings').map((r) => JSON.parse(r.body))).toEqual([
      { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BULK', faxNumber: '', pullTicketPrices: 'cost' },
    ]),
  );
  expect(await screen.findByText('Settings Updated')).toBeTruthy();
  // Bulk detection is asked only about the suffixes (libs/contracts quickbooks.ts BulkDetectionInputSchema).
  fireEvent.click(screen.getByRole('button', { name: 'Test Detection' }));
  await waitFor(() =>
    expect(api.requests.filter((r) => r.path === '/api/quickbooks/test-bulk-detection').map((r) => JSON.parse(r.body))).toEqual([
      { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BULK' },
    ]),
  );
  expect(await screen.findByText('Found 2 BULK POs and 3 BULK Estimates with current settings.')).toBeTruthy();
});

it("says a refused save failed in the server's words", async () => {
  routes['/api/user/settings'] = { status: 403, body: JSON.stringify({ message: 'Only an owner of the company can do this', code: 'FORBIDDEN' }) };
  renderForm();
  fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Update Failed')).toBeTruthy();
  expect(within(toast).getByText('Only an owner of the company can do this')).toBeTruthy();
});

it("saves on the version it was opened at; when another owner saved meanwhile, keeps the input and saves the owner's choice again", async () => {
  renderForm();
  fireEvent.change(screen.getByLabelText('Estimate Suffix'), { target: { value: '-EST' } });
  routes['/api/user/settings'] = {
    status: 409,
    body: JSON.stringify({
      message: "Someone changed this company's settings since you opened it: Purchase Order suffix, Estimate suffix",
      code: 'VERSION_CONFLICT',
      details: {
        current: { ...user, bulkPoSuffix: '-BULKPO', settingsVersion: 'v2' },
        differences: [
          { field: 'Purchase Order suffix', path: ['bulkPoSuffix'], current: '-BULKPO', proposed: '-BL' },
          { field: 'Estimate suffix', path: ['bulkEstimateSuffix'], current: '-BULK', proposed: '-EST' },
        ],
      },
    }),
  };
  fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
  expect(await screen.findByText("Someone changed this company's settings since you opened it")).toBeTruthy();
  expect(api.requests.find((r) => r.path === '/api/user/settings')?.ifMatch).toBe('"v1"');
  expect((screen.getByLabelText('Estimate Suffix') as HTMLInputElement).value).toBe('-EST');
  fireEvent.click(screen.getByLabelText('Saved: -BULKPO'));
  routes['/api/user/settings'] = { status: 200, body: '{}' };
  fireEvent.click(screen.getByRole('button', { name: 'Save again' }));
  await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/user/settings')).toHaveLength(2));
  const again = api.requests.filter((r) => r.path === '/api/user/settings')[1]!;
  expect(again.ifMatch).toBe('"v2"');
  expect(JSON.parse(again.body)).toMatchObject({ bulkPoSuffix: '-BULKPO', bulkEstimateSuffix: '-EST' });
  // The broker is told it is saved; the test ends once they are, not while the toast is on its way.
  expect(await screen.findByText('Settings Updated')).toBeTruthy();
});
