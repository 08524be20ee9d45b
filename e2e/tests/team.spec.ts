import { expect, test, type Browser, type Page } from '@playwright/test';
import { IF_MATCH_HEADER } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { baseURL } from '../support/env.js';
import { connectToQuickBooks, sandboxCompany, syncFromQuickBooks } from '../support/quickbooks.js';
import { signIn, uniqueEmail } from '../support/session.js';
import { invitationLinkFor } from '../support/team.js';

const COMPANY = 'Harbor Print Partners';

async function salesOrderCount(page: Page): Promise<string> {
  const res = await sendRoute(page, 'get /api/sales-orders', { query: { limit: 1 } });
  expect(res.ok()).toBeTruthy();
  return res.headers()['x-total-count']!;
}

/** A person's own browser, as the invited member has. */
async function newBrowser(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('the owner invites a member, who joins through the e-mailed link, works as a viewer, and is signed out once removed', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const company = await sandboxCompany(page, COMPANY);
  const ownerEmail = await signIn(page, '/dashboard', uniqueEmail('owner'));
  await connectToQuickBooks(page, company.companyName);
  await syncFromQuickBooks(page);
  // The sync run has ended; inventory takes its orders in from the event stream just after.
  await expect.poll(async () => Number(await salesOrderCount(page)), { timeout: 30_000 }).toBeGreaterThan(0);
  const orders = await salesOrderCount(page);

  // The owner invites a colleague from the Team page.
  const memberEmail = uniqueEmail('member');
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: ownerEmail })).toContainText('Owner');
  await page.getByLabel('Email').fill(memberEmail);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`An invitation to join was e-mailed to ${memberEmail}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: memberEmail })).toContainText('Staff');

  // The colleague opens the link from their mailbox and signs in through it.
  const member = await newBrowser(browser);
  const link = await invitationLinkFor(member, memberEmail);
  expect(link.startsWith(`${baseURL}/invitations/`)).toBe(true);
  await member.goto(link);
  // The company goes by its QuickBooks company's name once connected.
  await expect(member.getByRole('heading', { name: `Join ${company.companyName} on PrintPool` })).toBeVisible();
  await expect(member.getByText(`invited ${memberEmail} to join as a staff member.`)).toBeVisible();
  await member.getByRole('link', { name: 'Accept Invitation' }).click();
  await expect(member.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // They see the company's orders, not an empty company of their own.
  expect(await salesOrderCount(member)).toBe(orders);
  await member.goto('/sales-orders');
  await expect(member.getByText(`All Sales Orders (${orders})`)).toBeVisible();
  // As staff they change orders: the purchase orders' status is theirs to set.
  await member.goto('/purchase-orders');
  await expect(member.getByRole('combobox', { name: /^Status for / }).first()).toBeVisible();
  // The link worked once.
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'This invitation is no longer valid' })).toBeVisible();

  // The owner makes them a viewer.
  await page.reload();
  const memberRow = page.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: memberEmail });
  await expect(memberRow).toContainText('Staff');
  await page.getByRole('combobox', { name: `Role of ${memberEmail}` }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Viewer' }).click();
  await expect(page.getByText(`${memberEmail}'s role was changed.`)).toBeVisible();

  // A viewer is offered no change, and the API refuses one.
  await member.goto('/purchase-orders');
  await expect(member.getByRole('row').nth(1)).toBeVisible();
  await expect(member.getByRole('combobox', { name: /^Status for / })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'New Purchase Order' })).toHaveCount(0);
  await member.goto('/team');
  await expect(member.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: memberEmail })).toContainText('Viewer');
  await expect(member.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  // A change the page would make, on the version it read: only the role refuses it.
  const [order] = await callRoute(member, 'get /api/purchase-orders', { query: { limit: 1 } });
  const refused = await sendRoute(member, 'post /api/purchase-orders/:id/status', {
    params: { id: order!.id },
    body: { status: 'closed' },
    headers: { [IF_MATCH_HEADER]: `"${order!.version}"` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toEqual(expect.any(String));
  const invite = await sendRoute(member, 'post /api/team/invitations', { body: { email: uniqueEmail('x'), role: 'owner' } });
  expect(invite.status()).toBe(403);

  // The owner removes them: their next request finds them signed out.
  await page.reload();
  await memberRow.getByRole('button', { name: `Remove ${memberEmail}` }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`${memberEmail} was removed from the company and signed out.`)).toBeVisible();
  await expect(memberRow).toHaveCount(0);
  expect((await sendRoute(member, 'get /api/auth/user', {})).status()).toBe(401);
  await member.goto('/sales-orders');
  await expect(member).toHaveURL(/\/login$/);
  await member.context().close();
});
