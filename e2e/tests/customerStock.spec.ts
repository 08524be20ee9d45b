import { expect, test } from '@playwright/test';
import { IF_MATCH_HEADER, type PurchaseOrder, type SalesOrder } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { choose } from '../support/forms.js';
import { mailboxURL } from '../support/env.js';
import { connectNewCompany, sandboxQuery, type QboEstimate } from '../support/quickbooks.js';

// A customer's stock (docs/product.md §12): the stock their orders draw, how fast it goes, when to
// reorder it, the dashboard's alert once it is at that point, its digest by e-mail, and the reorder estimate made from it.

test('a customer’s page shows their stock and usage, and a reorder point set there raises the dashboard’s alert, which creates the reorder estimate', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const companyName = 'Cedar Stock Print';
  const realmId = await connectNewCompany(page, companyName, 8282);
  await expect.poll(async () => (await callRoute(page, 'get /api/customers', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const item = (await callRoute(page, 'get /api/items', { query: { limit: 5 } }))[0]!;
  const customer = (await callRoute(page, 'get /api/customers', { query: { limit: 5, sort: 'name' } }))[0]!;
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();

  // A bulk run of 1,000 that only this customer's order draws: theirs.
  const created = await sendRoute(page, 'post /api/purchase-orders', {
    body: {
      poNumber: `CST-${suffix}-BL`,
      vendorName: (await callRoute(page, 'get /api/vendors', { query: { limit: 1 } }))[0]!.name,
      vendorEmail: null,
      items: [{ itemId: item.qbId, itemName: item.name, description: null, quantity: 1_000, unitPrice: 0.1 }],
    },
  });
  expect(created.status()).toBe(201);
  const po = (await created.json()) as PurchaseOrder;
  const ordered = await sendRoute(page, 'post /api/sales-orders', {
    body: {
      soNumber: `CSO-${suffix}`,
      customerName: customer.name,
      customerEmail: null,
      status: 'active',
      bulkPoId: po.id,
      items: JSON.stringify([{ itemId: item.qbId, itemName: item.name, description: null, sku: null, quantity: 200, unitPrice: 0.2 }]),
    },
  });
  expect(ordered.status()).toBe(201);
  const order = (await ordered.json()) as SalesOrder;
  await callRoute(page, 'post /api/sales-orders/:id/accept', { params: { id: order.id }, headers: { [IF_MATCH_HEADER]: `"${order.version}"` } });
  const ticket = await callRoute(page, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: order.id }, body: {} });
  await callRoute(page, 'post /api/pull-tickets/:id/ship', { params: { id: ticket.id }, body: { sendEmail: false } });

  // The customer may hold the item on synced bulk POs too: the page adds them up, as the API does.
  const held = (await callRoute(page, 'get /api/customers/:id/inventory', { params: { id: customer.id } })).items.find((entry) => entry.itemId === item.qbId)!;
  expect(held.programs.find((program) => program.purchaseOrderId === po.id)).toMatchObject({ atVendor: 800 });
  expect(held.releasedThisMonth).toBeGreaterThanOrEqual(200);
  const count = (units: number) => units.toLocaleString('en-US');

  // The broker opens the customer from the Customers list.
  await page.goto(`/customers?search=${encodeURIComponent(customer.name)}`);
  await page.getByRole('link', { name: customer.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Stock', selected: true })).toBeVisible();
  const card = page.getByRole('group', { name: item.name, exact: true });
  await expect(card.getByRole('group', { name: 'At Vendor' })).toContainText(count(held.atVendor));
  await expect(card.getByRole('img', { name: new RegExp(`^Units shipped per month of ${item.name}`) })).toBeVisible();
  await expect(card.getByText(`${count(held.releasedThisMonth)} shipped this month.`)).toBeVisible();
  const programs = card.getByRole('region', { name: `Programs holding ${item.name}` });
  await expect(programs.getByRole('row').filter({ hasText: po.poNumber })).toContainText('800');
  await expect(programs.getByRole('link', { name: po.poNumber })).toHaveAttribute('href', `/purchase-orders/${po.id}/program`);

  // A reorder point above what is at the vendor: the item is at it, and the dashboard says so.
  const reorderAt = held.atVendor + 100;
  const point = card.getByRole('group', { name: `Reorder point of ${item.name}` });
  await point.getByRole('combobox', { name: 'Reorder point in' }).click();
  await choose(page, /^units$/);
  await point.getByRole('spinbutton', { name: 'Reorder at, units' }).fill(String(reorderAt));
  await point.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reorder point saved')).toBeVisible();
  await expect(card.getByText('At reorder point')).toBeVisible();
  await expect(point).toContainText(`Reorder at ${count(reorderAt)} units.`);

  await page.goto('/dashboard');
  const alerts = page.getByRole('group', { name: 'Stock Alerts' });
  const alert = alerts.getByRole('listitem').filter({ hasText: `${customer.name}: ${item.name}` });
  await expect(alert).toContainText(`${count(held.atVendor)} at the vendor`);
  await expect(alert).toContainText(`reorder at ${count(reorderAt)} units`);

  // The day's digest of new alerts reaches the company's owner in the mailbox, naming the item and where to open it.
  // The company's earlier digests (its synced programs' alerts) are there too: the one looked for names this item.
  const ownerEmail = (await callRoute(page, 'get /api/auth/user', {})).email;
  const reorderLine = `- ${customer.name}: ${item.name} at its reorder point: ${count(held.atVendor)} held, reorder at ${count(reorderAt)} units`;
  const mailbox = await page.context().newPage();
  const digest = mailbox.locator('tr').filter({ hasText: ownerEmail }).filter({ hasText: reorderLine }).first();
  await expect(async () => {
    await mailbox.goto(`${mailboxURL}/dev/mailbox`);
    await expect(digest).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(digest.locator('summary')).toHaveText(/^Stock alerts for .+: \d+ new$/);
  await digest.locator('summary').click();
  await expect(digest.getByText(reorderLine)).toBeVisible();
  await expect(digest.locator('pre')).toContainText(new RegExp(`/customers/${customer.id}(\\s|$)`));
  await mailbox.close();

  // Reorder in one step: an estimate in QuickBooks for the customer's item, at this run's 1,000 units and the order's price.
  await alert.getByRole('button', { name: `Create reorder estimate for ${customer.name}'s ${item.name}` }).click();
  await expect(page.getByText('Reorder estimate created')).toBeVisible();
  const linked = (await callRoute(page, 'get /api/inventory/alerts', {})).alerts.find(
    (candidate) => candidate.kind === 'reorder' && candidate.customerId === customer.id && candidate.itemId === item.qbId,
  );
  const estimate = linked?.kind === 'reorder' ? linked.estimate : null;
  expect(estimate).toMatchObject({ quantity: 1_000, unitPrice: 0.2 });
  await expect(alert).toContainText(`Reorder estimate ${estimate!.docNumber} created`);
  await expect(alert.getByRole('button', { name: /^Create reorder estimate/ })).toBeHidden();
  const [inQuickbooks] = await sandboxQuery<QboEstimate & { CustomerRef: { value: string } }>(page, realmId, 'Estimate', `Id = '${estimate!.qbId}'`);
  const buyer = (await sandboxQuery<{ Id: string; DisplayName: string }>(page, realmId, 'Customer')).find(
    (candidate) => candidate.DisplayName === customer.name,
  )!;
  expect(inQuickbooks).toMatchObject({ DocNumber: estimate!.docNumber, CustomerRef: { value: buyer.Id }, TxnStatus: 'Pending' });
  expect(inQuickbooks!.Line.filter((line) => line.SalesItemLineDetail)).toEqual([
    expect.objectContaining({
      SalesItemLineDetail: expect.objectContaining({ ItemRef: expect.objectContaining({ value: item.qbId }), Qty: 1_000, UnitPrice: 0.2 }),
    }),
  ]);

  await alert.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(page.getByText('Alert dismissed')).toBeVisible();
  await expect(alert).toBeHidden();
});
