import { expect, type Locator } from '@playwright/test';

/**
 * Chooses an item of an open antd dropdown menu. antd re-aligns a popup when the page
 * scrolls, and Playwright scrolls to reach the item, so a click by coordinates can land
 * beside a moving popup; a DOM click on the item runs the same handler without the race.
 */
export async function chooseMenuItem(item: Locator): Promise<void> {
  await expect(item).toBeVisible();
  await expect(item).not.toHaveAttribute('aria-disabled', 'true');
  await item.dispatchEvent('click');
}
