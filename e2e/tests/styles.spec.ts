import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { chooseMenuItem } from '../support/menu.js';
import { openUserMenu, syncedBrokerState, type SignedInState } from '../support/quickbooks.js';
import { openSettled } from '../support/settledPage.js';

// antd's components are styled by its built stylesheet, cut in two: the first page's part linked
// from the page, the rest loaded with the modules that use it (libs/platform/build/antdStyles.js).
// A component whose part did not come renders as bare HTML, which no other test notices.

const PUBLIC_PAGES = ['/', '/login', '/help', '/eula', '/privacy', '/no-such-page'];
const APP_PAGES = ['/dashboard', '/purchase-orders', '/sales-orders', '/pull-tickets', '/customers', '/items', '/settings', '/team', '/dashboard/no-such-page'];

const ANT_CLASS = /\.(ant-[a-z0-9-]+)/g;

/** Every antd class its stylesheet has a rule for (the default theme's variables aside, which antd sets as it renders). */
function styledClasses(): string[] {
  const css = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
  const classes = new Set<string>();
  // Each innermost rule: a selector and its declarations, inside an @media or not.
  for (const [, selector] of css.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
    if (selector!.includes('.css-var-')) continue;
    for (const [, name] of selector!.matchAll(ANT_CLASS)) classes.add(name!);
  }
  return [...classes];
}

const ANTD_CLASSES = styledClasses();

/** The antd classes on the page that antd's stylesheet styles but no stylesheet on the page does, each with the page's path. */
async function unstyled(page: Page, where: string): Promise<string[]> {
  const missing = await page.evaluate((antdClasses) => {
    const onPage = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const [, name] of rule.selectorText.matchAll(/\.(ant-[a-z0-9-]+)/g)) onPage.add(name!);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const styled = new Set(antdClasses);
    const used = new Set(Array.from(document.querySelectorAll('[class*="ant-"]')).flatMap((element) => Array.from(element.classList)));
    return [...used].filter((name) => styled.has(name) && !onPage.has(name)).sort();
  }, ANTD_CLASSES);
  return missing.map((name) => `${where}: ${name}`);
}

let signedIn: SignedInState;

test.describe('every antd component on the page is styled', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    signedIn = await syncedBrokerState(browser, 'Harbor Print Partners');
  });

  test('each public page, opened first', async ({ page }) => {
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await openSettled(page, path);
      found.push(...(await unstyled(page, path)));
    }
    expect(found).toEqual([]);
  });

  test('each app page, opened first, and the menus, toasts and dialogs opened from them', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: signedIn });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of APP_PAGES) {
      await openSettled(page, path);
      found.push(...(await unstyled(page, path)));
    }

    await openSettled(page, '/dashboard');
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    found.push(...(await unstyled(page, 'the user menu')));
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Sync Data' }));
    await expect(page.getByTestId('toast')).toContainText('QuickBooks sync completed successfully', { timeout: 60_000 });
    found.push(...(await unstyled(page, 'a toast')));

    await openSettled(page, '/sales-orders');
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
    found.push(...(await unstyled(page, "a sales order's actions")));
    await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
    const details = page.getByRole('dialog', { name: /Details - / });
    await expect(details.getByRole('table', { name: 'Line items' })).toBeVisible();
    await details.getByRole('tab', { name: 'History' }).click();
    await expect(details.getByRole('region', { name: 'History' })).toBeVisible();
    found.push(...(await unstyled(page, "a sales order's details")));
    await context.close();
    expect(found).toEqual([]);
  });

  test('a phone: the dashboard, its sliding sidebar and a new order dialog', async ({ browser }) => {
    const context = await browser.newContext({ storageState: signedIn, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const found: string[] = [];
    await openSettled(page, '/dashboard');
    found.push(...(await unstyled(page, '/dashboard')));
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: /^Sales Orders/ })).toBeVisible();
    found.push(...(await unstyled(page, 'the sidebar')));
    await openSettled(page, '/sales-orders');
    await page.getByRole('button', { name: 'New Sales Order' }).click();
    await expect(page.getByRole('dialog', { name: 'New Sales Order' })).toBeVisible();
    found.push(...(await unstyled(page, 'New Sales Order')));
    await context.close();
    expect(found).toEqual([]);
  });
});
