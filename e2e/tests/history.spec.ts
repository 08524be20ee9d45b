import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { IDEMPOTENCY_KEY_HEADER } from '@printpool/contracts';
import { callRoute } from '../support/api.js';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { onePixelPng } from '../support/files.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectToQuickBooks, syncFromQuickBooks } from '../support/quickbooks.js';
import { signIn, uniqueEmail } from '../support/session.js';

// docs/product.md §10: every change to an order or ticket is kept with who made it, when, why and
// what; each details dialog shows it, with the e-mails sent, under History.

const admin = { authorization: `Bearer ${sandboxAdminToken}` };
const COMPANY = 'Juniper History Print';

/**
 * A member's own browser: the owner invites the address as staff (the Team page's call), and its
 * first sign-in joins the company (docs/product.md §2 Team page).
 */
async function invitedMember(browser: Browser, owner: Page, email: string): Promise<Page> {
  await callRoute(owner, 'post /api/team/invitations', { body: { email, role: 'staff' } });
  const member = await (await browser.newContext()).newPage();
  await signIn(member, '/dashboard', email);
  await expect(member.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return member;
}

async function openDetails(page: Page, list: string, number: string): Promise<Locator> {
  await page.goto(`${list}?search=${encodeURIComponent(number)}`);
  await page.getByRole('button', { name: `Actions for ${number}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
  const dialog = page.getByRole('dialog', { name: new RegExp(`Details - ${number}$`) });
  await dialog.getByRole('tab', { name: 'History' }).click();
  return dialog.getByRole('region', { name: 'History' });
}

/** The History tab's moment whose action (and, in an order's history, its ticket) is given. */
const moment = (history: Locator, action: string) => history.getByRole('listitem').filter({ has: history.page().getByText(action, { exact: true }) });

test('an approval by one member and an edit by another show in the History tab with names and times, and a sync as QuickBooks sync', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const added = await page.request.post(`${sandboxURL}/admin/companies`, { headers: admin, data: { seed: 1717, scale: 0.3, companyName: COMPANY } });
  expect(added.ok()).toBeTruthy();
  const { realmId } = (await added.json()) as { realmId: string };

  // Member A, the owner, connects the company and syncs it.
  const ownerEmail = await signIn(page, '/dashboard', uniqueEmail('owner'));
  await connectToQuickBooks(page, COMPANY);
  await syncFromQuickBooks(page);
  await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).length, { timeout: 30_000 }).toBeGreaterThan(2);
  const orders = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
  const order = orders.find((o) => o.status === 'processing' && o.bulkPoId !== null && o.qbId)!;
  expect(order, 'the company has an accepted bulk estimate drawn from a bulk PO').toBeDefined();

  // A opens the order's pull ticket, e-mails it to the vendor and approves it.
  const ticket = await callRoute(page, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: order.id }, body: {} });
  // With a key of its own, as the Email Vendor dialog sends one (mfe-pull-tickets/src/api/pullTicketActions.ts).
  await callRoute(page, 'post /api/pull-tickets/:id/email', {
    params: { id: ticket.id },
    body: { emailAddress: 'fulfil@vendor.test' },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  await page.goto(`/pull-tickets?search=${ticket.ptNumber}`);
  await page.getByRole('button', { name: `Actions for ${ticket.ptNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Approve' }));
  const approve = page.getByRole('dialog', { name: `Approve Pull Ticket - ${ticket.ptNumber}` });
  await approve.getByLabel('Attachment').setInputFiles({ name: 'sign-off.png', mimeType: 'image/png', buffer: onePixelPng() });
  await expect(approve.getByTestId('attachment-name')).toHaveText('sign-off.png');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pull ticket approved successfully')).toBeVisible();
  const approvedAt = Date.now();

  // Member B, invited as staff, edits the order.
  const memberEmail = uniqueEmail('member');
  const member = await invitedMember(browser, page, memberEmail);
  await member.goto(`/sales-orders?search=${order.soNumber}`);
  await member.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
  await chooseMenuItem(member.getByRole('menuitem', { name: 'Edit' }));
  const edit = member.getByRole('dialog', { name: `Edit Sales Order - ${order.soNumber}` });
  await edit.getByLabel('Customer Email').fill('events@juniper.test');
  // Its goods are out: the order is done (the form offers active, pending, completed and cancelled).
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await member.locator('.ant-select-item-option').filter({ hasText: 'Completed' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(member.getByText('Sales order updated successfully')).toBeVisible();
  const editedAt = Date.now();
  // What the server keeps, named in the failure if the tab below cannot show it.
  const kept = await callRoute(page, 'get /api/sales-orders/:id/history', { params: { id: order.id } });
  expect(
    kept.find((entry) => entry.action === 'Edited'),
    JSON.stringify(kept),
  ).toMatchObject({ by: memberEmail });

  // The order's History tab, as either member sees it: B's edit, then A's approval of its ticket.
  const history = await openDetails(page, '/sales-orders', order.soNumber);
  const edited = moment(history, 'Edited');
  await expect(edited).toContainText(memberEmail);
  await expect(edited).toContainText(`Customer email: ${order.customerEmail ?? '—'} → events@juniper.test`);
  await expect(edited).toContainText('Status: processing → completed');
  const approved = moment(history, 'Approved');
  await expect(approved).toContainText(`Pull ticket ${ticket.ptNumber}`);
  await expect(approved).toContainText(ownerEmail);
  await expect(approved).toContainText('Status: sent → processing');
  // Each with the time it happened, as the browser shows a time.
  const shownTime = async (item: Locator) => Date.parse((await item.locator('time').getAttribute('datetime'))!);
  expect(Math.abs((await shownTime(edited)) - editedAt)).toBeLessThan(60_000);
  expect(Math.abs((await shownTime(approved)) - approvedAt)).toBeLessThan(60_000);
  await expect(edited.locator('time')).toHaveText(new Date(await shownTime(edited)).toLocaleString('en-US'));
  // Newest first.
  const actions = await history.getByRole('listitem').locator('strong').allTextContents();
  expect(actions.indexOf('Edited')).toBeLessThan(actions.indexOf('Approved'));

  // The ticket's own History tab names who e-mailed it, beside the e-mail itself.
  const ticketHistory = await openDetails(member, '/pull-tickets', ticket.ptNumber);
  await expect(moment(ticketHistory, 'E-mailed to the vendor')).toContainText(ownerEmail);
  await expect(moment(ticketHistory, 'E-mail sent')).toContainText(ownerEmail);
  await expect(moment(ticketHistory, 'E-mail sent')).toContainText('To fulfil@vendor.test');

  // A change made in QuickBooks comes in with the next sync, as QuickBooks sync, field by field.
  const pending = orders.find((o) => o.status !== 'processing' && o.qbId && o.bulkPoId !== null)!;
  const accepted = await page.request.post(`${sandboxURL}/admin/companies/${realmId}/estimates/${pending.qbId}/status`, {
    headers: admin,
    data: { TxnStatus: 'Accepted' },
  });
  expect(accepted.ok()).toBeTruthy();
  await page.goto('/dashboard');
  await syncFromQuickBooks(page);
  await expect
    .poll(async () => (await callRoute(page, 'get /api/sales-orders/:id', { params: { id: pending.id } })).status, { timeout: 30_000 })
    .toBe('processing');
  const synced = moment(await openDetails(page, '/sales-orders', pending.soNumber), 'Imported from QuickBooks').first();
  await expect(synced).toContainText('QuickBooks sync');
  await expect(synced).toContainText(`Status: ${pending.status} → processing`);
});
