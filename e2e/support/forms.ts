import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses an option of an antd select or autocomplete after typing into it, as a broker picks
 * from the suggestions, until `taken` holds: the suggestions are replaced when the server's
 * answer to the typing arrives, and a click on one being replaced selects nothing (a broker
 * would see that and click again).
 */
export async function pick(page: Page, field: Locator, typed: string, option: string | RegExp, taken: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await field.click();
    await field.fill(typed);
    await choose(page, option);
    await taken();
  }).toPass({ timeout: 30_000 });
}

/** Clicks an option of the open dropdown (antd's role=option elements are hidden copies for screen readers). */
export async function choose(page: Page, option: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** `text` as a regular expression matching it literally. */
export function literally(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/**
 * New Sales Order as a broker fills it: a synced customer, one catalog item, Active on the bulk
 * PO found by typing its number (the picker lists the oldest covering POs first).
 */
export async function enterActiveSalesOrder(
  page: Page,
  order: { soNumber: string; customer: { name: string; fullName: string }; item: { name: string; fullName: string }; quantity: number; poNumber: string },
): Promise<void> {
  await page.goto('/sales-orders');
  await page.getByRole('button', { name: 'New Sales Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sales Order' });
  await dialog.getByLabel('SO Number').fill(order.soNumber);
  const customerName = dialog.getByLabel('Customer Name');
  const typed = order.customer.name.slice(0, 4);
  await pick(page, customerName, typed, order.customer.fullName, () => expect(customerName).not.toHaveValue(typed, { timeout: 2_000 }));
  await pick(page, dialog.getByLabel('Add Item from Catalog'), order.item.name, literally(order.item.fullName), () =>
    expect(dialog.getByLabel('Quantity 1')).toBeVisible({ timeout: 2_000 }),
  );
  await dialog.getByLabel('Quantity 1').fill(String(order.quantity));
  // As `pick`: a click on an option while antd's dropdown is still opening can select nothing (a
  // broker would see the status unchanged and choose again); the whole label, as the catalog's
  // closing dropdown may hold an item whose name has 'active' in it.
  await expect(async () => {
    if ((await dialog.getByRole('combobox', { name: 'Status' }).getAttribute('aria-expanded')) !== 'true') await dialog.getByLabel('Status').click();
    await choose(page, /^Active$/);
    await expect(dialog.getByLabel('Bulk Purchase Order')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await pick(page, dialog.getByLabel('Bulk Purchase Order'), order.poNumber, new RegExp(order.poNumber), () =>
    expect(dialog.getByTitle(new RegExp(order.poNumber))).toBeVisible({ timeout: 2_000 }),
  );
  await dialog.getByRole('button', { name: 'Create Sales Order' }).click();
  await expect(page.getByText('Sales order created successfully')).toBeVisible();
}
