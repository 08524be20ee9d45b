import { expect, test } from '@playwright/test';
import type { PurchaseOrder, RouteInput, SalesOrder } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { connectNewCompany, type QboLine, type QboPurchaseOrder, sandboxCompany, sandboxQuery } from '../support/quickbooks.js';

// Inventory programs (docs/product.md §11): terms, a receipt with overs, the program page, a receipt written to QuickBooks.

test('a receipt with overs makes the pool hold what arrived, the program page tells the run, and a receipt can update QuickBooks', async ({ page }) => {
  test.setTimeout(240_000);
  const companyName = 'Aspen Program Print';
  await connectNewCompany(page, companyName, 8181);
  await expect.poll(async () => (await callRoute(page, 'get /api/items', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await callRoute(page, 'get /api/customers', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const item = (await callRoute(page, 'get /api/items', { query: { limit: 5 } }))[0]!;
  const customer = (await callRoute(page, 'get /api/customers', { query: { limit: 5 } }))[0]!;
  const vendorName = (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 5 } })).find((po) => po.vendorName)!.vendorName!;
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const poNumber = `PGM-${suffix}-BL`;

  // A bulk run of 10,000 of one item, nothing drawn from it.
  const created = await sendRoute(page, 'post /api/purchase-orders', {
    body: {
      poNumber,
      vendorName,
      vendorEmail: null,
      items: [{ itemId: item.qbId, itemName: item.name, description: null, quantity: 10_000, unitPrice: 0.1 }],
    },
  });
  expect(created.status()).toBe(201);
  const po = (await created.json()) as PurchaseOrder;
  const order = (soNumber: string): RouteInput<'post /api/sales-orders'> => ({
    body: {
      soNumber,
      customerName: customer.name,
      customerEmail: null,
      status: 'active',
      bulkPoId: po.id,
      items: JSON.stringify([{ itemId: item.qbId, itemName: item.name, description: null, sku: null, quantity: 10_200, unitPrice: 0.2 }]),
    },
  });
  // 10,200 is more than was ordered: no PO covers it while the run is in production.
  expect((await sendRoute(page, 'post /api/sales-orders', order(`PGA-${suffix}`))).status()).toBe(422);

  // The broker opens the PO, sets the program's charges and records the delivery: 4.5 % over.
  await page.goto(`/purchase-orders?search=${poNumber}`);
  await page.getByRole('button', { name: `Actions for ${poNumber}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Purchase Order Details - ${poNumber}` });
  const programCard = details.getByRole('group', { name: 'Program' });
  await programCard.getByRole('button', { name: 'Edit program' }).click();
  await programCard.getByLabel('Release Charge').fill('25');
  await programCard.getByLabel('Storage Charge per Month').fill('40');
  await programCard.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Program saved')).toBeVisible();
  await expect(programCard).toContainText('Release charge: $25.00');

  const receipts = details.getByRole('group', { name: 'Receipts' });
  await expect(receipts).toContainText('In production: nothing received yet.');
  await receipts.getByRole('button', { name: 'Record receipt' }).click();
  await receipts.getByLabel('Note').fill('Run delivered to the dock');
  const received = receipts.getByLabel(`${item.name} received (ordered 10,000)`);
  await received.fill('10450');
  await expect(receipts.getByText('Within ±10%: over by 450 (4.5%)')).toBeVisible();
  await receipts.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Receipt recorded')).toBeVisible();
  const table = receipts.getByRole('region', { name: 'Items received' });
  await expect(table).toContainText('+450 (+4.5%)');
  await expect(table).toContainText('$45.00');

  // The pool holds the 10,450 received: the order for 10,200 is allocated now.
  expect((await callRoute(page, 'get /api/purchase-orders/:id', { params: { id: po.id } })).quantityRemaining).toBe(10_450);
  const allocated = await sendRoute(page, 'post /api/sales-orders', order(`PGB-${suffix}`));
  expect(allocated.status()).toBe(201);
  expect((await allocated.json()) as SalesOrder).toMatchObject({ status: 'active', bulkPoId: po.id });

  // The program page: stock, charges and the run.
  await details.getByRole('link', { name: 'Open the program page' }).click();
  await expect(page).toHaveURL(`/purchase-orders/${po.id}/program`);
  await expect(page.getByRole('heading', { name: `Program ${poNumber}` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Received' })).toContainText('10,450');
  await expect(page.getByRole('group', { name: 'Allocated' })).toContainText('10,200');
  await expect(page.getByRole('group', { name: 'Remaining' })).toContainText('250');
  await expect(page.getByRole('group', { name: 'Stock' })).toContainText('The run: over by 450');
  const summary = await callRoute(page, 'get /api/purchase-orders/:id/program/summary', { params: { id: po.id } });
  await expect(page.getByRole('group', { name: 'Charges to Date' })).toContainText(`$${Number(summary.chargesToDate).toFixed(2)}`);
  const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Ordered 10,000 units');
  await expect(timeline.nth(1)).toContainText('Received 10,450 units');
  await expect(timeline.nth(2)).toContainText('The program ends');

  // A run from QuickBooks: the broker asks the receipt to update its quantities on the QuickBooks PO too.
  const stock = (candidate: PurchaseOrder) => candidate.items.filter((item) => item.kind === 'item');
  // Each item on one line, so the receipt's quantity is that line's.
  const synced = (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 1000 } })).find(
    (candidate) =>
      candidate.poType === 'BULK' &&
      candidate.qbId &&
      candidate.status === 'open' &&
      new Set(stock(candidate).map((item) => item.itemId)).size === stock(candidate).length,
  )!;
  const line = stock(synced)[0]!;
  const receivedField = (item: PurchaseOrder['items'][number]) =>
    syncedReceipts.getByLabel(new RegExp(`^${(item.itemName ?? item.itemId)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} received \\(`));
  const over = line.qty + 25;
  await page.goto(`/purchase-orders?search=${synced.poNumber}`);
  await page.getByRole('button', { name: `Actions for ${synced.poNumber}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const syncedReceipts = page.getByRole('dialog', { name: `Purchase Order Details - ${synced.poNumber}` }).getByRole('group', { name: 'Receipts' });
  await syncedReceipts.getByRole('button', { name: 'Record receipt' }).click();
  // Only the one item is received now: the other quantities are left empty.
  for (const other of stock(synced).slice(1)) await receivedField(other).clear();
  await receivedField(line).fill(String(over));
  await syncedReceipts.getByRole('checkbox', { name: 'Update the quantities in QuickBooks' }).check();
  await syncedReceipts.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Quantities updated in QuickBooks')).toBeVisible();
  await expect(syncedReceipts.getByRole('listitem').first()).toContainText('QuickBooks: quantities updated');
  const realmId = (await sandboxCompany(page, companyName)).realmId;
  const [inQuickbooks] = await sandboxQuery<QboPurchaseOrder & { Line: (QboLine & { Id: string })[] }>(page, realmId, 'PurchaseOrder', `Id = '${synced.qbId}'`);
  expect(inQuickbooks!.Line.find((qboLine) => qboLine.ItemBasedExpenseLineDetail?.ItemRef.value === line.itemId)!.ItemBasedExpenseLineDetail!.Qty).toBe(over);
});
