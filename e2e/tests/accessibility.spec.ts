import { expect, test } from '@playwright/test';
import { SCREENS, seriousViolations } from '../support/axe.js';
import { syncedBrokerState, type SignedInState } from '../support/quickbooks.js';
import { openSettled } from '../support/settledPage.js';

const PUBLIC_PAGES = ['/', '/login', '/help', '/eula', '/privacy', '/no-such-page'];
const APP_PAGES = ['/dashboard', '/purchase-orders', '/sales-orders', '/pull-tickets', '/customers', '/items', '/settings', '/dashboard/no-such-page'];
let signedIn: SignedInState;

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    signedIn = await syncedBrokerState(browser, 'Harbor Print Partners');
  });

  for (const screen of SCREENS) {
    test(`signed out, ${screen.name}`, async ({ browser }) => {
      const context = await browser.newContext(screen.context);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await openSettled(page, path);
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
    });

    test(`signed in, with data, ${screen.name}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ ...screen.context, storageState: signedIn });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of APP_PAGES) {
        await openSettled(page, path);
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
