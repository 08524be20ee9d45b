import { expect, type Page } from '@playwright/test';
import { sandboxAdminToken, sandboxURL } from './env.js';

export interface SandboxCompany {
  realmId: string;
  companyName: string;
  counts: Record<'Customer' | 'Vendor' | 'Item' | 'PurchaseOrder' | 'Estimate', number>;
}

/** What the QBO sandbox itself holds, read through its admin API: the figures pages must show. */
export async function sandboxCompany(page: Page, companyName: string): Promise<SandboxCompany> {
  const res = await page.request.get(`${sandboxURL}/admin/companies`, { headers: { authorization: `Bearer ${sandboxAdminToken}` } });
  expect(res.ok()).toBeTruthy();
  const companies = (await res.json()) as SandboxCompany[];
  const company = companies.find((c) => c.companyName === companyName);
  if (!company) throw new Error(`The sandbox has no company named ${companyName}`);
  return company;
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
}

/** Connects the signed-in user through the sandbox's consent page, as a broker does with Intuit's. */
export async function connectToQuickBooks(page: Page, companyName: string): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: /wants to connect to your QuickBooks company/ })).toBeVisible();
  await page.getByLabel(companyName).check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'connected');
  await expect(status).toHaveText(companyName);
}

/** Runs Sync Data from the user menu and waits for the completion toast. */
export async function syncFromQuickBooks(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sync Data' }).click();
  await expect(page.getByText('QuickBooks sync completed successfully')).toBeVisible({ timeout: 60_000 });
}
