import { expect, test, type Page } from '@playwright/test';
import type { PullTicket } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { syncedBrokerState } from '../support/quickbooks.js';

/** The page's layout width and how far it scrolls sideways; a wide table scrolls inside its card instead. */
function layout(page: Page): Promise<{ width: number; overflow: number }> {
  return page.evaluate(() => ({ width: window.innerWidth, overflow: document.scrollingElement!.scrollWidth - window.innerWidth }));
}

async function expectFits(page: Page, what: string): Promise<void> {
  const { width, overflow } = await layout(page);
  // Laid out at the phone's own width, not as a shrunken 980 px desktop page.
  expect(width, `${what} is laid out ${width} px wide`).toBe(375);
  expect(overflow, `${what} is wider than the phone`).toBeLessThanOrEqual(0);
}

const APP_PAGES = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/purchase-orders', heading: 'Purchase Orders' },
  { path: '/sales-orders', heading: 'Sales Orders' },
  { path: '/pull-tickets', heading: 'Pull Tickets' },
  { path: '/customers', heading: /^Customers/ },
  { path: '/items', heading: /^Items/ },
  { path: '/settings', heading: 'Settings' },
];

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.describe('on a phone, 375 px wide', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    // A broker connected and synced at the desk, then opens the app on a phone.
    const signedIn = await syncedBrokerState(browser, 'Harbor Print Partners');

    const phone = await browser.newContext({ ...PHONE, storageState: signedIn });
    page = await phone.newPage();
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectFits(page, 'the help page');
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('every page of the app fits the screen, with its data', async () => {
    for (const { path, heading } of APP_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, path);
    }
  });

  test('one dialog of each remote fits the screen, its form inside it', async () => {
    // A ticket to open: the first accepted order's, made as the desk would.
    const accepted = await callRoute(page, 'get /api/sales-orders', { query: { status: 'processing', limit: 1 } });
    expect(accepted.length).toBeGreaterThan(0);
    const made = await sendRoute(page, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: accepted[0]!.id }, body: { force: true } });
    expect(made.status()).toBe(201);
    const { ptNumber } = (await made.json()) as PullTicket;

    const dialogs = [
      { path: '/purchase-orders', open: () => page.getByRole('button', { name: 'New Purchase Order' }).click(), name: 'New Purchase Order' },
      { path: '/sales-orders', open: () => page.getByRole('button', { name: 'New Sales Order' }).click(), name: 'New Sales Order' },
      {
        path: `/pull-tickets?search=${ptNumber}`,
        open: async () => {
          await page.getByRole('button', { name: `Actions for ${ptNumber}` }).click();
          await page.getByRole('menuitem', { name: 'View Details' }).click();
        },
        name: `Pull Ticket Details - ${ptNumber}`,
      },
    ];
    for (const { path, open, name } of dialogs) {
      await page.goto(path);
      await open();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(375);
      // Nothing inside the dialog is wider than the dialog: its fields and tables wrap or scroll within it.
      const widest = await dialog.evaluate((element) =>
        Math.max(
          ...Array.from(element.querySelectorAll('input, textarea, .ant-select, .ant-card, button')).map((child) => child.getBoundingClientRect().right),
        ),
      );
      expect(widest, `${name} has a control past the screen's edge`).toBeLessThanOrEqual(375);
      await expectFits(page, `${path} with ${name} open`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the sidebar is a sheet that slides in over the page and closes on a choice', async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByTestId('sidebar') });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: /^Pull Tickets/ }).click();
    await expect(page).toHaveURL(/\/pull-tickets$/);
    await expect(sheet).toBeHidden();
    await expectFits(page, 'the pull tickets page after the sheet closed');
  });
});
