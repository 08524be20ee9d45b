/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { PurchaseOrderProgram } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { program } from '../../testing/purchaseOrderFixtures.js';
import { ProgramCard } from './ProgramCard.js';

afterEach(cleanup);

const PATH = '/api/purchase-orders/1/program';
const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const answer = (body: PurchaseOrderProgram) => (routes[PATH] = { status: 200, body: JSON.stringify(body), headers: { ETag: `"${body.version}"` } });

/** An ISO date `days` from today on this machine's clock. */
function fromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  answer({ ...program, expiresOn: fromToday(30) });
});

const card = () => screen.findByRole('group', { name: 'Program' });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const puts = () => api.requests.filter((request) => request.method === 'PUT');

it("shows a bulk PO's terms, how long the program has left and where the terms come from", async () => {
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  const shown = await card();
  expect(await within(shown).findByText(/^Expires on .* \(30 days left\)$/)).toBeTruthy();
  for (const text of [
    'Minimum release: 500 units',
    'Release charge: $25.00',
    'Storage: 90 days free, then $1.50 a month per 1,000 units',
    'Tolerance: ±10%',
    "Vendor's defaults",
  ])
    expect(within(shown).getByText(text)).toBeTruthy();
  expect(within(shown).queryByText(/^Planned releases/)).toBeNull();
});

it('tells an expired program, and one of a PO without terms of its own', async () => {
  answer({ ...program, expiresOn: '2024-03-01', source: 'defaults', minReleaseQuantity: null, freeStorageDays: null, storageChargePerMonth: null });
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  const shown = await card();
  expect(await within(shown).findByText(/^Expires on Mar 1, 2024 \(expired [\d,]+ days ago\)$/)).toBeTruthy();
  expect(within(shown).getByText('Minimum release: none')).toBeTruthy();
  expect(within(shown).getByText('Storage: no charge')).toBeTruthy();
  expect(within(shown).getByText('Product defaults')).toBeTruthy();
});

it('lets staff edit the program and saves every term on the version they read', async () => {
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Edit program' }));
  fill('Release Charge', '30');
  fill('Planned Releases', '6');
  fill('Notes', '  Call the plant first ');
  const saved = {
    ...program,
    expiresOn: fromToday(30),
    releaseCharge: '30.00',
    plannedReleases: 6,
    notes: 'Call the plant first',
    source: 'purchase-order' as const,
    version: 'v2',
  };
  answer(saved);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Program saved')).toBeTruthy();
  const [put] = puts();
  expect(put?.ifMatch).toBe('"v1"');
  expect(JSON.parse(put!.body)).toEqual({
    expiresOn: fromToday(30),
    minReleaseQuantity: 500,
    releaseCharge: '30.00',
    freeStorageDays: 90,
    storageChargePerMonth: '1.50',
    storageChargeBasis: 'per1000',
    tolerancePercent: 10,
    plannedReleases: 6,
    notes: 'Call the plant first',
  });
  const shown = await card();
  expect(await within(shown).findByText('Terms of this PO')).toBeTruthy();
  expect(within(shown).getByText('Planned releases: 6')).toBeTruthy();
});

it('refuses a release charge finer than a cent, and sends nothing', async () => {
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Edit program' }));
  fill('Release Charge', '0.125');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Release charge must be an amount in dollars and cents')).toBeTruthy();
  expect(puts()).toEqual([]);
});

it('keeps what the broker typed when someone saved the program meanwhile, and saves again on the new version', async () => {
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Edit program' }));
  fill('Release Charge', '30');
  fill('Tolerance (%)', '5');
  const current = { ...program, releaseCharge: '40.00', tolerancePercent: 8, source: 'purchase-order' as const, version: 'v2' };
  routes[PATH] = {
    status: 409,
    body: JSON.stringify({
      message: "Someone changed this purchase order's program since you opened it: Release charge, Tolerance",
      code: 'VERSION_CONFLICT',
      details: {
        current,
        differences: [
          { field: 'Release charge', path: ['releaseCharge'], current: '40.00', proposed: '30.00' },
          { field: 'Tolerance', path: ['tolerancePercent'], current: 8, proposed: 5 },
        ],
      },
    }),
  };
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  const review = await screen.findByTestId('version-conflict');
  expect(within(review).getByText('Someone changed this program since you opened it')).toBeTruthy();
  expect((screen.getByLabelText('Release Charge') as HTMLInputElement).value).toBe('30.00');
  // The broker takes the release charge saved meanwhile and keeps their own tolerance.
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Keep for Release charge' })).getByLabelText('Saved: 40.00'));
  answer({ ...current, tolerancePercent: 5, version: 'v3' });
  fireEvent.click(within(review).getByRole('button', { name: 'Save again' }));

  await waitFor(() => expect(puts()).toHaveLength(2));
  const again = puts()[1]!;
  expect(again.ifMatch).toBe('"v2"');
  expect(JSON.parse(again.body)).toMatchObject({ releaseCharge: '40.00', tolerancePercent: 5 });
  expect(await within(await card()).findByText('Tolerance: ±5%')).toBeTruthy();
});

it('offers a viewer the terms but no Edit program', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  renderWithPlatform(<ProgramCard purchaseOrderId={1} />);
  expect(await within(await card()).findByText('Release charge: $25.00')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Edit program' })).toBeNull();
});
