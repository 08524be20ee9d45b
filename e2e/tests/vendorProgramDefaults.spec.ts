import { expect, test } from '@playwright/test';
import type { PurchaseOrder } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { connectNewCompany } from '../support/quickbooks.js';

// docs/product.md §11: a vendor's program defaults set in Settings, read by its bulk PO without
// terms of its own, which the Purchase Orders list charges by and the PO's history records.

test("a vendor's defaults saved in Settings price its bulk PO in the list and show in the PO's history", async ({ page }) => {
  test.setTimeout(240_000);
  const companyName = 'Cedar Defaults Print';
  await connectNewCompany(page, companyName, 8282);
  await expect.poll(async () => (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const item = (await callRoute(page, 'get /api/items', { query: { limit: 5 } }))[0]!;
  const vendorName = (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 5 } })).find((po) => po.vendorName)!.vendorName!;
  const poNumber = `VPD-${Date.now().toString(36).slice(-5).toUpperCase()}-BL`;
  // A bulk run of 10,000 dated today, without terms of its own.
  const created = await sendRoute(page, 'post /api/purchase-orders', {
    body: { poNumber, vendorName, vendorEmail: null, items: [{ itemId: item.qbId, itemName: item.name, description: null, quantity: 10_000, unitPrice: 0.1 }] },
  });
  expect(created.status()).toBe(201);
  const po = (await created.json()) as PurchaseOrder;

  // Settings: the vendor's defaults, the product's until saved.
  await page.goto('/settings');
  const card = page.getByRole('group', { name: 'Vendor Program Defaults' });
  await card.getByLabel('Vendor').click();
  await card.getByLabel('Vendor').fill(vendorName);
  await page.locator('.ant-select-item-option').filter({ hasText: vendorName }).first().click();
  const form = card.getByRole('form', { name: `Program defaults of ${vendorName}` });
  await expect(form).toContainText(`Product defaults: ${vendorName} has no defaults of its own yet`);
  await form.getByLabel('Release Charge').fill('30');
  await form.getByLabel('Storage Charge per Month').fill('12');
  await form.getByRole('button', { name: 'Save Defaults' }).click();
  await expect(page.getByText('Program defaults saved')).toBeVisible();
  await expect(form).toContainText(`Vendor's defaults: ${vendorName}'s bulk POs without terms of their own read these.`);

  // The list charges the PO by them: its first month of storage began today, flat.
  await page.goto(`/purchase-orders?search=${poNumber}`);
  await expect(page.getByRole('row', { name: new RegExp(poNumber) })).toContainText('$12.00');
  const listed = await callRoute(page, 'get /api/purchase-orders', { query: { search: poNumber } });
  expect(listed[0]).toMatchObject({ id: po.id, chargesToDate: '12.00' });

  // Its program reads the vendor's defaults, and its history says who saved them and what changed.
  await page.getByRole('button', { name: `Actions for ${poNumber}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Purchase Order Details - ${poNumber}` });
  const program = details.getByRole('group', { name: 'Program' });
  await expect(program).toContainText("Vendor's defaults");
  await expect(program).toContainText('Release charge: $30.00');
  await details.getByRole('tab', { name: 'History' }).click();
  const history = details.getByRole('region', { name: 'History' });
  await expect(history).toContainText("Vendor's program defaults saved");
  await expect(history).toContainText('Release charge: $0.00 → $30.00');

  // Terms of its own are recorded as the PO's save.
  await details.getByRole('tab', { name: 'Details' }).click();
  await program.getByRole('button', { name: 'Edit program' }).click();
  await program.getByLabel('Minimum Release Quantity').fill('500');
  await program.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Program saved')).toBeVisible();
  await details.getByRole('tab', { name: 'History' }).click();
  await expect(history).toContainText('Program terms saved');
  await expect(history).toContainText('Minimum release: — → 500');
});
