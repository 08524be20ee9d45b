import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until its lists and widgets have filled in: the page a broker reads. */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root, body > div').first()).not.toBeEmpty();
  await page.waitForLoadState('load');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}
