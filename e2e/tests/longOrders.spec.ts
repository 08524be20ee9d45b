import { expect, test } from '@playwright/test';
import { signIn } from '../support/session.js';

/** Each line's stops, in order: Item ID, Item name, Quantity, Unit price, Remove. */
const STOPS_PER_LINE = 5;
const LINES = 30;

// A long order's lines are drawn as they scroll into view (mfe-sales-orders LineItemsEditor.tsx):
// the keyboard still reaches every one of them, in order, both ways.
test('the keyboard reaches every line of a long order, one after another, up and back down', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/sales-orders');
  await page.getByRole('button', { name: 'New Sales Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sales Order' });
  const itemId = (line: number) => dialog.getByLabel(`Item ID ${line}`, { exact: true });
  const addItem = dialog.getByRole('button', { name: /Add Item/ });
  for (let line = 1; line <= LINES; line++) await addItem.click();
  // The line just added is in view; the first ones are no longer drawn.
  await expect(itemId(LINES)).toBeInViewport();
  await expect(itemId(1)).toHaveCount(0);

  await itemId(LINES).focus();
  for (let line = LINES - 1; line >= 1; line--) {
    for (let stop = 0; stop < STOPS_PER_LINE; stop++) await page.keyboard.press('Shift+Tab');
    await expect(itemId(line)).toBeFocused();
    await expect(itemId(line)).toBeInViewport();
  }
  for (let line = 2; line <= LINES; line++) {
    for (let stop = 0; stop < STOPS_PER_LINE; stop++) await page.keyboard.press('Tab');
    await expect(itemId(line)).toBeFocused();
    await expect(itemId(line)).toBeInViewport();
  }
});
