/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { Vendor, VendorProgramDefaults } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { VendorProgramDefaultsCard } from './VendorProgramDefaultsCard.js';

const pinnacle: Vendor = {
  id: 1,
  qbId: 'V-1',
  name: 'Pinnacle Press',
  companyName: null,
  email: 'orders@pinnacle.test',
  phone: null,
  syncedAt: '2026-03-01T00:00:00.000Z',
};
const acme: Vendor = { ...pinnacle, id: 2, qbId: 'V-2', name: 'Acme & Sons, Print', email: null };
const productDefaults: VendorProgramDefaults = {
  vendorName: 'Pinnacle Press',
  minReleaseQuantity: null,
  releaseCharge: '0.00',
  freeStorageDays: null,
  storageChargePerMonth: null,
  storageChargeBasis: 'flat',
  tolerancePercent: 10,
  termMonths: 12,
  leadTimeDays: 30,
  notes: null,
  source: 'defaults',
  version: 'v1',
};
// The vendors offered: those the company's purchase orders name (libs/contracts orderLists.ts).
const VENDORS = '/api/vendors?withPurchaseOrders=true&limit=20&offset=0';
const DEFAULTS = '/api/vendors/Pinnacle%20Press/program-defaults';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const answer = (body: VendorProgramDefaults) => (routes[DEFAULTS] = { status: 200, body: JSON.stringify(body), headers: { ETag: `"${body.version}"` } });
const signedInAs = (role: string) => (routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '1', email: 'pat@example.com', role }) });

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  signedInAs('staff');
  routes[VENDORS] = { status: 200, body: JSON.stringify([acme, pinnacle]) };
  answer(productDefaults);
});
afterEach(cleanup);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const puts = () => api.requests.filter((request) => request.method === 'PUT');
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function chooseVendor(title: string) {
  renderWithPlatform(<VendorProgramDefaultsCard />);
  fireEvent.mouseDown(await screen.findByLabelText('Vendor'));
  fireEvent.click(await screen.findByTitle(title));
  return screen.findByRole('form', { name: 'Program defaults of Pinnacle Press' });
}

/** Staff's form, once the member's role has come: until then the page offers only what a viewer may do. */
async function chooseVendorAsStaff(title: string) {
  const form = await chooseVendor(title);
  await screen.findByRole('button', { name: 'Save Defaults' });
  return form;
}

it("offers the vendors the company's purchase orders name, and shows the product's defaults for one without its own", async () => {
  const form = await chooseVendor('Pinnacle Press — orders@pinnacle.test');
  expect(api.requests.map((request) => request.path)).toContain(VENDORS);
  expect(within(form).getByText('Product defaults: Pinnacle Press has no defaults of its own yet; saving makes these its own.')).toBeTruthy();
  expect(value('Term (months)')).toBe('12');
  expect(value('Lead Time (days)')).toBe('30');
  expect(value('Tolerance (%)')).toBe('10');
  expect(value('Release Charge')).toBe('0.00');
  expect(value('Minimum Release Quantity')).toBe('');
});

it("lets staff save the vendor's defaults on the version they read, then shows them as the vendor's", async () => {
  await chooseVendorAsStaff('Pinnacle Press — orders@pinnacle.test');
  fill('Term (months)', '18');
  fill('Lead Time (days)', '45');
  fill('Release Charge', '35');
  fill('Free Storage Days', '90');
  fill('Storage Charge per Month', '1.5');
  fill('Notes', '  Call the plant first ');
  answer({
    ...productDefaults,
    termMonths: 18,
    leadTimeDays: 45,
    releaseCharge: '35.00',
    freeStorageDays: 90,
    storageChargePerMonth: '1.50',
    notes: 'Call the plant first',
    source: 'vendor-defaults',
    version: 'v2',
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));

  expect(await screen.findByText('Program defaults saved')).toBeTruthy();
  const [put] = puts();
  expect(put?.path).toBe(DEFAULTS);
  expect(put?.ifMatch).toBe('"v1"');
  expect(JSON.parse(put!.body)).toEqual({
    termMonths: 18,
    leadTimeDays: 45,
    minReleaseQuantity: null,
    releaseCharge: '35.00',
    freeStorageDays: 90,
    storageChargePerMonth: '1.50',
    storageChargeBasis: 'flat',
    tolerancePercent: 10,
    notes: 'Call the plant first',
  });
  expect(await screen.findByText("Vendor's defaults: Pinnacle Press's bulk POs without terms of their own read these.")).toBeTruthy();
  expect(value('Notes')).toBe('Call the plant first');
});

it('refuses a term that is not a whole number of months, or a lead time past a year, and sends nothing', async () => {
  await chooseVendorAsStaff('Pinnacle Press — orders@pinnacle.test');
  fill('Term (months)', '1.5');
  fill('Lead Time (days)', '400');
  fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
  expect(await screen.findByText('Term must be a whole number from 1 to 120')).toBeTruthy();
  expect(await screen.findByText('Lead time must be a whole number from 0 to 365')).toBeTruthy();
  expect(puts()).toEqual([]);
});

it('keeps what the broker typed when someone saved the defaults meanwhile, and saves again on the new version', async () => {
  await chooseVendorAsStaff('Pinnacle Press — orders@pinnacle.test');
  fill('Release Charge', '30');
  fill('Tolerance (%)', '5');
  const current = { ...productDefaults, releaseCharge: '40.00', tolerancePercent: 8, source: 'vendor-defaults' as const, version: 'v2' };
  routes[DEFAULTS] = {
    status: 409,
    body: JSON.stringify({
      message: "Someone changed this vendor's program defaults since you opened it: Release charge, Tolerance",
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
  fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
  expect(await screen.findByText("Someone changed this vendor's program defaults since you opened it")).toBeTruthy();
  expect(value('Release Charge')).toBe('30.00');

  fireEvent.click(screen.getByLabelText('Saved: 8'));
  answer({ ...current, releaseCharge: '30.00', version: 'v3' });
  fireEvent.click(screen.getByRole('button', { name: 'Save again' }));
  await waitFor(() => expect(puts()).toHaveLength(2));
  const again = puts()[1]!;
  expect(again.ifMatch).toBe('"v2"');
  expect(JSON.parse(again.body)).toMatchObject({ releaseCharge: '30.00', tolerancePercent: 8 });
  expect(await screen.findByText('Program defaults saved')).toBeTruthy();
});

it('shows a viewer the defaults read only, and says who sets them', async () => {
  signedInAs('viewer');
  answer({ ...productDefaults, releaseCharge: '25.00', source: 'vendor-defaults' });
  await chooseVendor('Pinnacle Press — orders@pinnacle.test');
  await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/auth/user'));
  expect(value('Release Charge')).toBe('25.00');
  expect((screen.getByLabelText('Release Charge') as HTMLInputElement).disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Save Defaults' })).toBeNull();
  expect(screen.getByText('Viewers can only look; changing anything needs the staff or owner role')).toBeTruthy();
});

it('says so when the defaults cannot be read', async () => {
  routes[DEFAULTS] = { status: 500, body: JSON.stringify({ message: 'Boom' }) };
  renderWithPlatform(<VendorProgramDefaultsCard />);
  fireEvent.mouseDown(await screen.findByLabelText('Vendor'));
  fireEvent.click(await screen.findByTitle('Pinnacle Press — orders@pinnacle.test'));
  expect(await screen.findByText('Could not load the program defaults')).toBeTruthy();
});
