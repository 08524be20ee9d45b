import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { sandboxAdminToken, sandboxURL } from './env.js';
import { chooseMenuItem } from './menu.js';
import { signIn } from './session.js';

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

/**
 * A broker new to PrintPool with a company of their own: the sandbox generates it (`seed`, at 0.3
 * of the usual size), the broker signs in, connects it and syncs it. Answers its realm id.
 */
export async function connectNewCompany(page: Page, companyName: string, seed: number): Promise<string> {
  const added = await page.request.post(`${sandboxURL}/admin/companies`, {
    headers: { authorization: `Bearer ${sandboxAdminToken}` },
    data: { seed, scale: 0.3, companyName },
  });
  expect(added.ok()).toBeTruthy();
  await signIn(page, '/dashboard');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'disconnected', { timeout: 60_000 });
  await connectToQuickBooks(page, companyName);
  await syncFromQuickBooks(page);
  return ((await added.json()) as { realmId: string }).realmId;
}

export async function openUserMenu(page: Page): Promise<void> {
  // The menu's actions depend on the connection, so wait until it is known.
  await expect(page.getByTestId('connection-status')).not.toHaveAttribute('data-state', 'loading');
  await page.getByRole('button', { name: /^User menu/ }).click();
}

/** Connects the signed-in user through the sandbox's consent page, as a broker does with Intuit's. */
export async function connectToQuickBooks(page: Page, companyName: string): Promise<void> {
  await openUserMenu(page);
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Connect' }));
  await expect(page.getByRole('heading', { name: /wants to connect to your QuickBooks company/ })).toBeVisible();
  await page.getByLabel(companyName).check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'connected');
  await expect(status).toHaveText(companyName);
}

/** The items a broker can stock: QuickBooks' Category and Group (bundle) items never are (docs/quickbooks.md). */
export async function stockItemCount(page: Page, realmId: string): Promise<number> {
  const items = await sandboxQuery<{ Type?: string }>(page, realmId, 'Item', 'Active IN (true, false)');
  return items.filter((item) => item.Type !== 'Category' && item.Type !== 'Group').length;
}

/** Runs Sync Data from the user menu and waits for the completion toast. */
export async function syncFromQuickBooks(page: Page): Promise<void> {
  await openUserMenu(page);
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sync Data' }));
  await expect(page.getByText('QuickBooks sync completed successfully')).toBeVisible({ timeout: 60_000 });
}

export interface QboLine {
  DetailType: string;
  Amount?: number;
  ItemBasedExpenseLineDetail?: { ItemRef: { value: string }; Qty?: number };
  SalesItemLineDetail?: { ItemRef: { value: string }; Qty?: number; UnitPrice?: number };
  /** A bundle: its components, each with its quantity for the whole bundle quantity. */
  GroupLineDetail?: { Line?: QboLine[] };
}
export interface QboPurchaseOrder {
  Id: string;
  DocNumber?: string;
  POStatus: 'Open' | 'Closed';
  Line: QboLine[];
}
export interface QboEstimate {
  Id: string;
  DocNumber?: string;
  TxnStatus: 'Pending' | 'Accepted' | 'Closed' | 'Rejected';
  Line: QboLine[];
}

/** Reads documents straight from the sandbox's Accounting API, as any QBO client would; `where` as in Intuit's query language. */
export async function sandboxQuery<T>(page: Page, realmId: string, entity: string, where = ''): Promise<T[]> {
  const tokens = await page.request.post(`${sandboxURL}/admin/tokens`, {
    headers: { authorization: `Bearer ${sandboxAdminToken}` },
    data: { clientId: 'printpool-local', realmId },
  });
  expect(tokens.ok()).toBeTruthy();
  const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
  const query = encodeURIComponent(`SELECT * FROM ${entity}${where ? ` WHERE ${where}` : ''} MAXRESULTS 1000`);
  const res = await page.request.get(`${sandboxURL}/v3/company/${realmId}/query?query=${query}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { QueryResponse: Record<string, T[]> };
  return body.QueryResponse[entity] ?? [];
}

/** The units a document's goods lines hold, bundle components included (QuickBooks gives their quantity for the whole bundle). */
export const lineQuantity = (lines: QboLine[]): number =>
  lines.reduce(
    (sum, line) => sum + (line.ItemBasedExpenseLineDetail?.Qty ?? line.SalesItemLineDetail?.Qty ?? lineQuantity(line.GroupLineDetail?.Line ?? [])),
    0,
  );

export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A broker who connected a new sandbox company and synced it at the desk: their signed-in browser state, for other contexts (a phone, a scan). */
export async function syncedBrokerState(browser: Browser, companyName: string): Promise<SignedInState> {
  const desk = await browser.newPage();
  const company = await sandboxCompany(desk, companyName);
  await signIn(desk, '/dashboard');
  await connectToQuickBooks(desk, company.companyName);
  await syncFromQuickBooks(desk);
  const state = await desk.context().storageState();
  await desk.context().close();
  return state;
}

/**
 * A bookkeeper's edit in QuickBooks: the estimate's lines changed as `change` says (as Intuit's
 * screens do, each line's Amount following its quantity), then the webhook delivered at once.
 */
export async function bookkeeperEditsEstimate(page: Page, realmId: string, estimateId: string, change: (lines: QboLine[]) => QboLine[]): Promise<void> {
  const [estimate] = await sandboxQuery<QboEstimate>(page, realmId, 'Estimate', `Id = '${estimateId}'`);
  const lines = change(structuredClone(estimate!.Line)).map((line) =>
    line.SalesItemLineDetail
      ? { ...line, Amount: Math.round((line.SalesItemLineDetail.Qty ?? 0) * (line.SalesItemLineDetail.UnitPrice ?? 0) * 100) / 100 }
      : line,
  );
  const admin = { authorization: `Bearer ${sandboxAdminToken}` };
  const updated = await page.request.patch(`${sandboxURL}/admin/companies/${realmId}/Estimate/${estimateId}`, { headers: admin, data: { Line: lines } });
  expect(updated.ok(), await updated.text()).toBeTruthy();
  await page.request.post(`${sandboxURL}/admin/webhooks/flush`, { headers: admin });
}
