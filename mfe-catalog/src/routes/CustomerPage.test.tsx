/// <reference types="node" />
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CustomerInventory, CustomerStockItem, EmailLog, EstimateEmailOutcome, StatementSchedule } from '@printpool/contracts';
import { Route as RouterRoute, Routes } from '@printpool/platform';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, queuedAnswer, queuedNoticeTitle, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import CatalogRoutes from './index.js';

afterEach(cleanup);

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
const envelopes: CustomerStockItem = {
  itemId: '7',
  itemName: 'Envelopes #10',
  atVendor: 4_000,
  allocated: 1_000,
  remaining: 3_000,
  releasedByMonth: months.map((month, index) => ({ month, released: index < 8 ? 0 : 2_500 })),
  releasedThisMonth: 400,
  averageMonthlyUsage: 2_500,
  monthsOfSupply: 1.6,
  runOutOn: '2027-01-14',
  programs: [{ purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2027-01-10', daysLeft: 44, atVendor: 4_000, remaining: 3_000 }],
  reorderPoint: { units: null, months: 2, source: 'default', version: 'p1' },
  atOrBelowReorderPoint: true,
};
const stock: CustomerInventory = { customerId: 12, customerName: 'Harbor Dental', asOf: '2026-11-27', items: [envelopes] };

/** The catalog as the shell mounts it below /customers. */
const atCustomers = (address: string) =>
  renderWithPlatform(
    <Routes>
      <RouterRoute path="customers/*" element={<CatalogRoutes />} />
    </Routes>,
    address,
  );

it("shows a customer's stock: what is at the vendor, how fast it goes, when it runs out and which program holds it", async () => {
  routes['/api/customers/12/inventory'] = { status: 200, body: JSON.stringify(stock) };
  atCustomers('/customers/12');

  expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Stock', selected: true })).toBeTruthy();
  const card = await screen.findByRole('group', { name: 'Envelopes #10' });
  expect(within(card).getByText('At reorder point')).toBeTruthy();
  const figure = (name: string) => within(within(card).getByRole('group', { name })).getByTestId('stat-value').textContent;
  expect([figure('At Vendor'), figure('Allocated'), figure('Monthly Usage'), figure('Months of Supply'), figure('Runs Out')]).toEqual([
    '4,000',
    '1,000',
    '2,500',
    '1.6',
    'Jan 14, 2027',
  ]);
  const chart = within(card).getByRole('img', { name: /^Units shipped per month of Envelopes #10/ });
  expect(chart.getAttribute('aria-label')).toContain('November 2025: 0');
  expect(chart.getAttribute('aria-label')).toContain('October 2026: 2,500');
  expect(within(card).getByText('400 shipped this month.')).toBeTruthy();
  const programs = within(card).getByRole('region', { name: 'Programs holding Envelopes #10' });
  expect(within(programs).getByRole('link', { name: 'PO-1001-BL' }).getAttribute('href')).toBe('/purchase-orders/3/program');
  expect(within(programs).getByText('Jan 10, 2027 (44 days left)')).toBeTruthy();
});

it('sets when to reorder an item, in units, on the version read', async () => {
  routes['/api/customers/12/inventory'] = { status: 200, body: JSON.stringify(stock) };
  const saved = { ...envelopes, reorderPoint: { units: 5_000, months: null, source: 'customer', version: 'p2' } };
  routes['/api/customers/12/inventory/7/reorder-point'] = { status: 200, body: JSON.stringify(saved) };
  atCustomers('/customers/12');

  const point = await screen.findByRole('group', { name: 'Reorder point of Envelopes #10' });
  expect(within(point).getByText('Reorder at 2 months of supply (the default).')).toBeTruthy();
  fireEvent.mouseDown(within(point).getByRole('combobox', { name: 'Reorder point in' }));
  fireEvent.click(await screen.findByTitle('units'));
  fireEvent.change(within(point).getByRole('spinbutton', { name: 'Reorder at, units' }), { target: { value: '5000' } });
  fireEvent.click(within(point).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Reorder point saved')).toBeTruthy();
  await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
  const [put] = api.requests.filter((request) => request.method === 'PUT');
  expect(put).toMatchObject({ path: '/api/customers/12/inventory/7/reorder-point', ifMatch: '"p1"' });
  expect(JSON.parse(put!.body)).toEqual({ units: 5_000 });
});

it('says so when nothing is held for the customer, and is a page not found for an address naming no customer', async () => {
  routes['/api/customers/13/inventory'] = { status: 200, body: JSON.stringify({ ...stock, customerId: 13, items: [] }) };
  atCustomers('/customers/13');
  expect(await screen.findByText('No stock held for this customer')).toBeTruthy();
  cleanup();

  routes['/api/customers/14/inventory'] = { status: 404, body: JSON.stringify({ message: 'Customer not found' }) };
  atCustomers('/customers/14');
  expect(await screen.findByText(/not found/i)).toBeTruthy();
});

describe("the customer's statement", () => {
  // The e-mail dialog's code loads on first use (StatementActions.tsx); compiled once here, so a
  // busy machine's first compile of the form does not eat the time a test waits for the dialog.
  beforeAll(() => import('../dialogs/EmailStatementDialog.js'), 120_000);

  /** Last month on the test machine's clock, as the picker starts: its first and last day. */
  const lastMonth = (() => {
    const now = new Date();
    const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    return { from: day(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: day(new Date(now.getFullYear(), now.getMonth(), 0)) };
  })();
  const emailLog: EmailLog = {
    id: 'log-9',
    subject: 'Stock Statement - Harbor Dental - Oct 1, 2026 to Oct 31, 2026',
    toEmail: 'office@harbordental.test',
    sentAt: '2026-11-27T15:00:00.000Z',
    referenceType: 'STATEMENT',
    referenceId: '12',
    referenceNumber: '2026-10-01/2026-10-31',
    status: 'sent',
    error: null,
    attempts: 1,
    sentBy: 'Ann Approver',
  };
  const statement = (period: { from: string; to: string }) => `/api/customers/12/statement.pdf?from=${period.from}&to=${period.to}`;
  const openCustomer = async () => {
    routes['/api/customers/12/inventory'] = { status: 200, body: JSON.stringify(stock) };
    atCustomers('/customers/12');
    return screen.findByRole('group', { name: 'Statement' });
  };
  const setDay = (picker: HTMLElement, name: string, value: string) => fireEvent.change(within(picker).getByLabelText(name), { target: { value } });

  it('downloads the PDF of last month by default, or of the days chosen, under the name the server gives it', async () => {
    // jsdom has no object URLs and does not follow a clicked download link: both are watched here.
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:statement'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const pdf = (name: string): Route => ({
      status: 200,
      body: '%PDF-1.3 test',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
    });
    routes[statement(lastMonth)] = pdf('Statement-Harbor-Dental-last-month.pdf');
    routes[statement({ from: '2026-07-01', to: '2026-09-30' })] = pdf('Statement-Harbor-Dental-2026-07-01-to-2026-09-30.pdf');
    try {
      const picker = await openCustomer();
      expect([
        (within(picker).getByLabelText('Statement from') as HTMLInputElement).value,
        (within(picker).getByLabelText('Statement to') as HTMLInputElement).value,
      ]).toEqual([lastMonth.from, lastMonth.to]);
      fireEvent.click(within(picker).getByRole('button', { name: /Download statement/ }));
      expect(await screen.findByText('Statement downloaded')).toBeTruthy();

      setDay(picker, 'Statement from', '2026-07-01');
      setDay(picker, 'Statement to', '2026-09-30');
      fireEvent.click(within(picker).getByRole('button', { name: /Download statement/ }));
      await waitFor(() => expect(saved).toEqual(['Statement-Harbor-Dental-last-month.pdf', 'Statement-Harbor-Dental-2026-07-01-to-2026-09-30.pdf']));
      expect(api.requests.filter((r) => r.path.includes('/statement.pdf')).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET ${statement(lastMonth)}`,
        `GET ${statement({ from: '2026-07-01', to: '2026-09-30' })}`,
      ]);
    } finally {
      click.mockRestore();
    }
  });

  it('offers neither button for a period that ends before it starts or spans more than a year', async () => {
    const picker = await openCustomer();
    await within(picker).findByRole('button', { name: /E-mail statement/ });
    setDay(picker, 'Statement from', '2026-10-02');
    setDay(picker, 'Statement to', '2026-10-01');
    expect(await screen.findByText('The period ends before it starts')).toBeTruthy();
    const buttons = () =>
      within(picker)
        .getAllByRole('button')
        .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]);
    expect(buttons()).toEqual([
      ['Download statement', true],
      ['E-mail statement', true],
    ]);
    setDay(picker, 'Statement from', '2025-01-01');
    setDay(picker, 'Statement to', '2026-01-02');
    expect(await screen.findByText('A statement covers at most 366 days')).toBeTruthy();
    setDay(picker, 'Statement to', '2025-12-31');
    await waitFor(() =>
      expect(buttons()).toEqual([
        ['Download statement', false],
        ['E-mail statement', false],
      ]),
    );
  });

  it('e-mails the statement of the chosen days to the customer, and says so when it is sent or queued', async () => {
    routes['/api/customers/12/statement/email'] = {
      status: 200,
      body: JSON.stringify({ status: 'sent', message: 'Statement e-mailed to office@harbordental.test', emailLog } satisfies EstimateEmailOutcome),
    };
    const picker = await openCustomer();
    setDay(picker, 'Statement from', '2026-10-01');
    setDay(picker, 'Statement to', '2026-10-31');
    fireEvent.click(await within(picker).findByRole('button', { name: /E-mail statement/ }));
    // antd names every dialog's title 'test-id' under test, which the page's other parts use too: the title is read as text.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('E-mail Statement - Harbor Dental')).toBeTruthy();
    expect(within(dialog).getByText(/The statement covers Oct 1, 2026 to Oct 31, 2026\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Time to reorder envelopes.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Statement' }));
    expect(await screen.findByText('Statement e-mailed to office@harbordental.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(post!.body)).toEqual({ from: '2026-10-01', to: '2026-10-31', subject: '', message: 'Time to reorder envelopes.' });
    expect(post!.idempotencyKey).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);

    const nextAttemptAt = '2026-11-27T09:05:00.000Z';
    routes['/api/customers/12/statement/email'] = queuedAnswer(emailLog, nextAttemptAt);
    fireEvent.click(await within(picker).findByRole('button', { name: /E-mail statement/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Statement' }));
    expect(await screen.findByText(queuedNoticeTitle(nextAttemptAt))).toBeTruthy();
  });

  it("shows the server's reason when the customer has no e-mail address, and keeps the dialog to try again with the same key", async () => {
    routes['/api/customers/12/statement/email'] = {
      status: 422,
      body: JSON.stringify({
        message: 'Harbor Dental has no e-mail address in QuickBooks: add one there, then sync customers',
        details: { field: 'customerEmail' },
      }),
    };
    const picker = await openCustomer();
    fireEvent.click(await within(picker).findByRole('button', { name: /E-mail statement/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Statement' }));
    expect(await screen.findByText('Harbor Dental has no e-mail address in QuickBooks: add one there, then sync customers')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send Statement' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    const [first, retry] = api.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey);
    expect(retry).toBe(first);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lets a viewer download the statement but not e-mail it', async () => {
    routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
    try {
      const picker = await openCustomer();
      await waitFor(() => expect(within(picker).queryByRole('button', { name: /E-mail statement/ })).toBeNull());
      expect(within(picker).getByRole('button', { name: /Download statement/ })).toBeTruthy();
    } finally {
      delete routes['/api/auth/user'];
    }
  });

  describe('monthly', () => {
    const SCHEDULE = '/api/customers/12/statement/schedule';
    const schedule = (monthly: boolean, version: string): StatementSchedule => ({
      customerId: 12,
      monthly,
      lastSentMonth: monthly ? '2026-10' : null,
      nextSendOn: monthly ? '2026-12-01' : null,
      version,
    });
    afterEach(() => {
      delete routes[SCHEDULE];
      delete routes['/api/auth/user'];
    });

    it('turns the monthly statement on, on the version read, and says when the next goes', async () => {
      routes[SCHEDULE] = { status: 200, body: JSON.stringify(schedule(false, 's1')) };
      await openCustomer();
      const monthly = (await screen.findByRole('checkbox', { name: 'E-mail it monthly' })) as HTMLInputElement;
      expect(monthly.checked).toBe(false);
      await waitFor(() => expect(monthly.disabled).toBe(false));

      routes[SCHEDULE] = { status: 200, body: JSON.stringify(schedule(true, 's2')) };
      fireEvent.click(monthly);
      expect(await screen.findByText('Monthly statement on')).toBeTruthy();
      const [put] = api.requests.filter((r) => r.method === 'PUT' && r.path === SCHEDULE);
      expect(put?.ifMatch).toBe('"s1"');
      expect(JSON.parse(put!.body)).toEqual({ monthly: true });
      expect(await screen.findByText('Next on Dec 1, 2026')).toBeTruthy();
      expect(((await screen.findByRole('checkbox', { name: 'E-mail it monthly' })) as HTMLInputElement).checked).toBe(true);
    });

    it('shows the schedule as someone else left it when the save was stale', async () => {
      routes[SCHEDULE] = { status: 200, body: JSON.stringify(schedule(false, 's1')) };
      await openCustomer();
      const monthly = (await screen.findByRole('checkbox', { name: 'E-mail it monthly' })) as HTMLInputElement;
      await waitFor(() => expect(monthly.disabled).toBe(false));
      // Someone turned it on meanwhile: this save, based on s1, is refused, and the box reads the schedule again.
      const refusal = {
        status: 409,
        body: JSON.stringify({ message: "Someone changed this customer's monthly statement since you opened it: Monthly", code: 'VERSION_CONFLICT' }),
      };
      const current = { status: 200, body: JSON.stringify(schedule(true, 's2')) };
      // The API stand-in answers by path: the PUT (the last request it received) is refused, every read answers what stands now.
      Object.defineProperty(routes, SCHEDULE, { configurable: true, enumerable: true, get: () => (api.requests.at(-1)?.method === 'PUT' ? refusal : current) });
      fireEvent.click(monthly);
      expect(await screen.findByText("Someone changed this customer's monthly statement since you opened it: Monthly")).toBeTruthy();
      expect(await screen.findByText('Next on Dec 1, 2026')).toBeTruthy();
    });

    it('shows a viewer whether it is on, and lets them not change it', async () => {
      routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
      routes[SCHEDULE] = { status: 200, body: JSON.stringify(schedule(true, 's1')) };
      await openCustomer();
      const monthly = (await screen.findByRole('checkbox', { name: 'E-mail it monthly' })) as HTMLInputElement;
      expect(monthly.checked).toBe(true);
      await waitFor(() => expect(within(screen.getByRole('group', { name: 'Statement' })).queryByRole('button', { name: /E-mail statement/ })).toBeNull());
      expect(monthly.disabled).toBe(true);
    });
  });
});
