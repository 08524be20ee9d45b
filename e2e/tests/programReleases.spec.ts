import { expect, test } from '@playwright/test';
import { callRoute } from '../support/api.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectToQuickBooks, syncFromQuickBooks } from '../support/quickbooks.js';
import { signIn } from '../support/session.js';

// docs/product.md §11, Releases that keep the rules: a ticket below its bulk PO's minimum
// release is refused with the rule, and goes out only with the broker's reason, which the
// ticket and its history keep; the ticket shows the broker the release charge.

const nextYear = () => `${new Date().getUTCFullYear() + 1}-12-31`;

test('a ticket below the minimum release asks for an override, and the ticket and its history keep it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard');
  await connectToQuickBooks(page, 'Harbor Print Partners');
  await syncFromQuickBooks(page);
  await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const orders = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
  const order = orders.find((o) => o.status === 'processing' && o.bulkPoId !== null && o.qbId && o.items.some((item) => item.itemId))!;
  expect(order, 'the sandbox company has an accepted bulk estimate drawn from a bulk PO').toBeDefined();
  const item = order.items.find((line) => line.itemId)!;
  const po = await callRoute(page, 'get /api/purchase-orders/:id', { params: { id: order.bulkPoId! } });
  // A minimum the PO holds at least twice: releasing 1 unit is below it and leaves more than it.
  const onProgram = po.items.filter((line) => line.itemId === item.itemId).reduce((sum, line) => sum + line.qty, 0);
  const minimum = Math.floor(onProgram / 2);
  expect(minimum, `${po.poNumber} holds enough of ${item.itemId} for a minimum release`).toBeGreaterThan(1);

  // The broker sets the PO's program on its details.
  await page.goto(`/purchase-orders?search=${encodeURIComponent(po.poNumber)}`);
  await page.getByRole('button', { name: `Actions for ${po.poNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
  const details = page.getByRole('dialog', { name: `Purchase Order Details - ${po.poNumber}` });
  const program = details.getByRole('group', { name: 'Program' });
  await program.getByRole('button', { name: 'Edit program' }).click();
  await program.getByLabel('Expires On').fill(nextYear());
  await program.getByLabel('Minimum Release Quantity').fill(String(minimum));
  await program.getByLabel('Release Charge').fill('35');
  await program.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Program saved')).toBeVisible();
  await expect(program.getByText(`Minimum release: ${minimum.toLocaleString('en-US')} units`)).toBeVisible();
  await page.keyboard.press('Escape');

  // A release of 1 unit is refused with the rule, in the dialog.
  await page.goto(`/sales-orders?search=${encodeURIComponent(order.soNumber)}`);
  await page.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Create Pull Ticket' }));
  const dialog = page.getByRole('dialog', { name: `Create Pull Ticket - ${order.soNumber}` });
  const releaseNow = dialog.getByRole('spinbutton', { name: /^Release now of / });
  // The lines arrive after the dialog opens; count them only once the order's item is there.
  await expect(dialog.getByLabel(`Release now of ${item.itemName ?? item.itemId}`)).toBeVisible();
  for (let i = 0; i < (await releaseNow.count()); i += 1) await releaseNow.nth(i).fill('0');
  await dialog.getByLabel(`Release now of ${item.itemName ?? item.itemId}`).fill('1');
  await dialog.getByRole('button', { name: 'Create Pull Ticket' }).click();
  const rule = dialog.getByTestId('program-rule');
  const message = `is below the minimum release of ${minimum.toLocaleString('en-US')} units on ${po.poNumber}.`;
  await expect(rule.getByText(message, { exact: false })).toBeVisible();
  expect(await callRoute(page, 'get /api/pull-tickets', {})).toEqual([]);

  // With the broker's reason it goes out.
  const override = rule.getByRole('button', { name: 'Override and create' });
  await expect(override).toBeDisabled();
  await rule.getByLabel('Override reason').fill('Customer needs one sample before the run');
  await override.click();
  await expect(page.getByText('Pull ticket created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const [ticket] = await callRoute(page, 'get /api/pull-tickets', {});
  expect(ticket).toMatchObject({ releaseCharge: '35.00' });

  // The ticket's details show the charge and the override; its history keeps the reason and the rule.
  await page.goto(`/pull-tickets?search=${encodeURIComponent(ticket!.ptNumber)}`);
  await page.getByRole('button', { name: `Actions for ${ticket!.ptNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
  const ticketDetails = page.getByRole('dialog', { name: `Pull Ticket Details - ${ticket!.ptNumber}` });
  await expect(ticketDetails.getByRole('group', { name: 'Ticket' })).toContainText('Release charge: $35.00');
  const note = ticketDetails.getByRole('group', { name: 'Program override' });
  await expect(note).toContainText(message);
  await expect(note).toContainText('Reason: Customer needs one sample before the run');
  await ticketDetails.getByRole('tab', { name: 'History' }).click();
  const history = ticketDetails.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Override reason');
  await expect(history).toContainText('Customer needs one sample before the run');
  await expect(history).toContainText('Program rules overridden');
});
