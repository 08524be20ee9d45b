import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PullTicket, SalesOrder } from '@printpool/contracts';
import { callRoute } from '../support/api.js';
import { awaitMail, downloadAttachment, mailboxIds } from '../support/mailbox.js';
import { connectToQuickBooks, sandboxCompany, sandboxQuery, syncFromQuickBooks, type QboEstimate } from '../support/quickbooks.js';
import { mailboxURL } from '../support/env.js';
import { signIn } from '../support/session.js';
import { onePixelPng, renamedExecutable } from '../support/files.js';
import { chooseMenuItem } from '../support/menu.js';

/** The sales orders table shows ten rows a page, in the order the API lists them. */
const ROWS_PER_PAGE = 10;

/** Opens a row's actions menu and answers the menu, so a test can look at what it offers. */
async function openActions(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = page
    .getByRole('menu')
    .filter({ has: page.getByRole('menuitem') })
    .last();
  await expect(menu).toBeVisible();
  return menu;
}

/** Opens a sales order's row through the table's pages, as a broker would look for it. */
async function showSalesOrderRow(page: Page, orders: SalesOrder[], order: SalesOrder): Promise<void> {
  await page.goto('/sales-orders');
  await expect(page.getByText(`All Sales Orders (${orders.length})`)).toBeVisible();
  const pageNumber = Math.floor(orders.findIndex((o) => o.id === order.id) / ROWS_PER_PAGE) + 1;
  if (pageNumber > 1)
    await page
      .getByRole('listitem')
      .and(page.getByTitle(String(pageNumber), { exact: true }))
      .click();
  await expect(page.getByRole('row').filter({ hasText: order.soNumber })).toBeVisible();
}

async function createPullTicket(page: Page, orders: SalesOrder[], order: SalesOrder): Promise<void> {
  await showSalesOrderRow(page, orders, order);
  const menu = await openActions(page, order.soNumber);
  await chooseMenuItem(menu.getByRole('menuitem', { name: 'Create Pull Ticket' }));
  const dialog = page.getByRole('dialog', { name: `Create Pull Ticket - ${order.soNumber}` });
  // The order is drawn from a bulk PO, so the dialog asks to release from it, not to choose one first.
  await expect(dialog.getByText(`for the vendor of bulk PO ${order.bulkPoNumber} to pull its items?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Pull Ticket' }).click();
  await expect(page.getByText('Pull ticket created successfully')).toBeVisible();
}

const ticketRow = (page: Page, ptNumber: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: ptNumber, exact: true }) });
const statusCell = (page: Page, ptNumber: string) => ticketRow(page, ptNumber).getByRole('cell').nth(5);

/** Calls the page makes to an API path while `action` runs. */
async function callsDuring(page: Page, pathPart: string, action: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const record = (req: { url(): string; method(): string }) => {
    if (req.url().includes(pathPart)) calls.push(`${req.method()} ${req.url()}`);
  };
  page.on('request', record);
  try {
    await action();
  } finally {
    page.off('request', record);
  }
  return calls;
}

/**
 * The newest mail a person sent in the dashboard's Recent Communications. The company's digest of
 * stock alerts (docs/product.md §12) may go between a send and this look, as the e2e stack looks
 * for new alerts every few seconds (support/env.ts): it is passed over.
 */
const latestMail = (page: Page) => page.getByTestId('recent-communications').getByRole('listitem').filter({ hasNotText: 'Stock alerts for ' }).first();

test.describe('pull tickets: from an accepted estimate to a shipped order', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let orders: SalesOrder[];
  let order: SalesOrder;
  let ticket: PullTicket;
  // Unique per run, so the mailbox check cannot match a message from another run.
  const vendorAddress = `fulfillment-${Date.now().toString(36)}@vendor.test`;
  const tracking = `1Z${Date.now()}`;
  const dashboardCard = (title: string) => page.getByTestId('stat-card').filter({ hasText: title }).getByTestId('stat-value');

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    page = await browser.newPage();
    const company = await sandboxCompany(page, 'Harbor Print Partners');
    const estimates = await sandboxQuery<QboEstimate>(page, company.realmId, 'Estimate');
    await signIn(page, '/dashboard');
    await connectToQuickBooks(page, company.companyName);
    await syncFromQuickBooks(page);
    // Inventory applies the synced estimates from events; wait until every bulk one is in.
    const bulkEstimates = estimates.filter((e) => e.DocNumber?.endsWith('-BL')).length;
    await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).length, { timeout: 30_000 }).toBe(bulkEstimates);
    orders = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
    const accepted = estimates.filter((e) => e.TxnStatus === 'Accepted' && e.DocNumber?.endsWith('-BL')).map((e) => e.DocNumber);
    // An order drawn from a bulk PO, so the ticket names the vendor holding the stock.
    order = orders.find((o) => o.status === 'processing' && o.bulkPoId !== null && accepted.includes(o.soNumber))!;
    expect(order, 'the sandbox company has an accepted bulk estimate drawn from a bulk PO').toBeDefined();
  });

  test.afterAll(async () => page.close());

  test('an accepted order becomes a pending pull ticket the dashboard counts', async () => {
    await createPullTicket(page, orders, order);
    const tickets = await callRoute(page, 'get /api/pull-tickets', { query: { limit: 1000 } });
    expect(tickets.map((t) => [t.ptNumber, t.soNumber, t.status])).toEqual([['PT-000001', order.soNumber, 'pending']]);
    ticket = tickets[0]!;
    expect(ticket.vendorName).toBeTruthy();

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Pull Tickets/ })
      .click();
    await expect(page.getByText('Pull Tickets (1)')).toBeVisible();
    const row = ticketRow(page, 'PT-000001');
    await expect(row).toContainText(order.soNumber);
    await expect(statusCell(page, 'PT-000001')).toHaveText('pending');
    // A vendor approves only what it was sent.
    const menu = await openActions(page, 'PT-000001');
    await expect(menu.getByRole('menuitem', { name: 'Email Vendor' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Dashboard/ })
      .click();
    await expect(dashboardCard('Pending Pull Tickets')).toHaveText('1');
  });

  test('e-mailing the vendor sends the ticket PDF and marks it sent', async () => {
    await page.goto('/pull-tickets');
    await chooseMenuItem((await openActions(page, 'PT-000001')).getByRole('menuitem', { name: 'Email Vendor' }));
    const dialog = page.getByRole('dialog', { name: 'Email Pull Ticket - PT-000001' });
    await expect(dialog.getByLabel('Subject')).toHaveValue('Pull Ticket PT-000001 - Items for Fulfillment');
    await expect(dialog.getByLabel('Email Address')).toHaveValue(ticket.vendorEmail ?? '');

    await dialog.getByLabel('Email Address').fill('');
    const refused = await callsDuring(page, '/email', async () => {
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await expect(page.getByText('Email Required')).toBeVisible();
    });
    expect(refused).toEqual([]);
    await expect(dialog).toBeVisible();

    const seen = await mailboxIds(page);
    await dialog.getByLabel('Email Address').fill(vendorAddress);
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText(`Pull ticket emailed to ${vendorAddress}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await awaitMail(page, { subject: 'Pull Ticket PT-000001 - Items for Fulfillment', to: vendorAddress, seen });
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'PT-000001.pdf', contentType: 'application/pdf' })]);
    const pdf = await downloadAttachment(page, mail.attachments[0]!.url);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.length).toBe(mail.attachments[0]!.size);

    await expect(statusCell(page, 'PT-000001')).toHaveText('sent');
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Dashboard/ })
      .click();
    const log = latestMail(page);
    await expect(log).toContainText('Pull Ticket PT-000001 - Items for Fulfillment');
    await expect(log).toContainText(vendorAddress);
    await expect(dashboardCard('Pending Pull Tickets')).toHaveText('0');
  });

  test('approval takes a picture of the vendor’s sign-off and refuses anything else', async () => {
    await page.goto('/pull-tickets');
    await chooseMenuItem((await openActions(page, 'PT-000001')).getByRole('menuitem', { name: 'Approve' }));
    const dialog = page.getByRole('dialog', { name: 'Approve Pull Ticket - PT-000001' });
    const picker = dialog.getByLabel('Attachment');

    // The browser names the type from the extension; only the content shows it is no picture.
    const uploads = await callsDuring(page, '/api/attachments', async () => {
      await picker.setInputFiles(renamedExecutable('sign-off.png'));
      await expect(page.getByText('Invalid File Type')).toBeVisible();
    });
    expect(uploads).toEqual([]);
    await expect(dialog.getByTestId('attachment-name')).toHaveCount(0);

    const png = onePixelPng();
    await picker.setInputFiles({ name: 'sign-off.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByTestId('attachment-name')).toHaveText('sign-off.png');
    await dialog.getByLabel('Approval Notes').fill('Counts checked by the vendor');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Pull ticket approved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(statusCell(page, 'PT-000001')).toHaveText('processing');

    // The stored sign-off is the picture that was chosen.
    ticket = await callRoute(page, 'get /api/pull-tickets/:id', { params: { id: ticket.id } });
    const stored = await page.request.get(ticket.attachmentPath!);
    expect(stored.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await stored.body(), png)).toBe(0);
  });

  test('marking it shipped tells the customer, after which only the notification is offered', async () => {
    await page.goto('/pull-tickets');
    const menu = await openActions(page, 'PT-000001');
    await expect(menu.getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
    await chooseMenuItem(menu.getByRole('menuitem', { name: 'Mark Shipped' }));
    const dialog = page.getByRole('dialog', { name: 'Ship Pull Ticket - PT-000001' });
    await expect(dialog.getByRole('switch', { name: 'Send shipping notification to customer' })).toBeChecked();
    await expect(dialog.getByLabel('Customer Email')).toHaveValue(ticket.customerEmail!);
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking Number').fill(tracking);

    const seen = await mailboxIds(page);
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expect(page.getByText('Pull ticket marked as shipped and customer notified')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(statusCell(page, 'PT-000001')).toHaveText('shipped');
    const mail = await awaitMail(page, { subject: 'Pull Ticket PT-000001 - Shipped', to: ticket.customerEmail!, seen });
    expect(mail.attachments).toEqual([]);
    // The customer can follow the parcel and check what is in it: the mailbox page shows each mail's text.
    const firstItem = ticket.items[0]!;
    const mailboxPage = await (await page.request.get(`${mailboxURL}/dev/mailbox`)).text();
    // Quantities read as the broker writes them: 1,900.5 (a carton and a half is a real order line).
    const shownQty = firstItem.qty.toLocaleString('en-US', { maximumFractionDigits: 7 });
    expect(mailboxPage).toContain(`Carrier: UPS\nTracking number: ${tracking}\n\nItems shipped:\n- ${shownQty} × `);

    const after = await openActions(page, 'PT-000001');
    await expect(after.getByRole('menuitem', { name: 'Send Shipping Notification' })).toBeVisible();
    await expect(after.getByRole('menuitem', { name: 'Mark Shipped' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Dashboard/ })
      .click();
    await expect(latestMail(page)).toContainText('Pull Ticket PT-000001 - Shipped');
  });

  test('the shipped ticket shows on its fulfilled order, which offers View Pull Ticket and no second ticket', async () => {
    await showSalesOrderRow(page, orders, order);
    // Every unit has shipped: the order is fulfilled and nothing is left to release (docs/product.md §4).
    const menu = await openActions(page, order.soNumber);
    await expect(menu.getByRole('menuitem', { name: 'Create Pull Ticket' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Create another pull ticket' })).toHaveCount(0);
    await chooseMenuItem(menu.getByRole('menuitem', { name: 'View Details' }));
    const fulfilment = page.getByRole('dialog', { name: `Sales Order Details - ${order.soNumber}` }).getByRole('group', { name: 'Fulfilment' });
    await expect(fulfilment).toContainText('Ticket Status: shipped');
    await expect(fulfilment).toContainText(`Tracking Number: ${tracking}`);
    await page.keyboard.press('Escape');
    const fulfilled = (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).find((o) => o.id === order.id);
    expect(fulfilled?.status).toBe('completed');

    await chooseMenuItem((await openActions(page, order.soNumber)).getByRole('menuitem', { name: 'View Pull Ticket' }));
    await expect(page).toHaveURL(/\/pull-tickets\?search=PT-000001$/);
    await expect(page.getByText('Pull Tickets (1)')).toBeVisible();
  });

  test('the ticket list searches by vendor and by sales order', async () => {
    const second = orders.find((o) => o.status === 'processing' && o.id !== order.id && o.bulkPoId !== null && o.bulkPoId !== order.bulkPoId);
    test.skip(!second, 'the sandbox company has a single accepted bulk estimate');
    await createPullTicket(page, orders, second!);
    const tickets = await callRoute(page, 'get /api/pull-tickets', { query: { limit: 1000 } });
    expect(tickets).toHaveLength(2);

    await page.goto('/pull-tickets');
    await expect(page.getByText('Pull Tickets (2)')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search pull tickets' });
    await search.fill(order.soNumber);
    await expect(page.getByText('Pull Tickets (1)')).toBeVisible();
    await expect(ticketRow(page, 'PT-000001')).toBeVisible();

    // The spec's rule, restated: the query may match any of five fields.
    const vendor = ticket.vendorName!;
    const fields = (t: PullTicket) => [t.ptNumber, t.vendorName, t.soNumber, t.customerName, t.status];
    const expected = tickets.filter((t) => fields(t).some((f) => f?.toLowerCase().includes(vendor.toLowerCase()))).length;
    await search.fill(vendor.toUpperCase());
    await expect(page.getByText(`Pull Tickets (${expected})`)).toBeVisible();
    await expect(ticketRow(page, 'PT-000001')).toBeVisible();

    await search.fill('no vendor is called this');
    await expect(page.getByText('Pull Tickets (0)')).toBeVisible();
    await expect(page.getByText('No pull tickets match your search.')).toBeVisible();
  });

  test('the edit dialog refuses a ship-by date in the past', async () => {
    await page.goto('/pull-tickets');
    await chooseMenuItem((await openActions(page, 'PT-000001')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = page.getByRole('dialog', { name: 'Edit Pull Ticket - PT-000001' });
    // A week back is in the past wherever the browser is.
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const saves = await callsDuring(page, `/api/pull-tickets/${ticket.id}`, async () => {
      await dialog.getByLabel('Ship By Date').fill(lastWeek);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Ship-by date cannot be in the past')).toBeVisible();
    });
    expect(saves.filter((call) => call.startsWith('PUT'))).toEqual([]);
    await page.keyboard.press('Escape');
    const unchanged = await callRoute(page, 'get /api/pull-tickets/:id', { params: { id: ticket.id } });
    expect(unchanged.shipByDate).not.toBe(lastWeek);
    expect(unchanged.status).toBe('shipped');
  });
});
