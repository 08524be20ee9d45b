import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { PullTicket, PurchaseOrder, SalesOrder } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { SCREENS, seriousViolations, settledOverlay } from '../support/axe.js';
import { syncedBrokerState, type SignedInState } from '../support/quickbooks.js';
import { openSettled } from '../support/settledPage.js';
import { uniqueEmail } from '../support/session.js';
import { invitationLinkFor } from '../support/team.js';

/** What the broker opens: the records each remote's dialogs are about. */
interface Records {
  bulkPo: { id: number; poNumber: string };
  /** A bulk PO made in PrintPool, which may be deleted there. */
  madePo: string;
  /** An open order made in PrintPool, which the broker accepts there. */
  salesOrder: string;
  /** An accepted order with no pull ticket yet, drawn from a bulk PO. */
  toRelease: string;
  ticket: string;
  customerId: number;
  member: string;
}

let signedIn: SignedInState;
let records: Records;

/** A colleague who joined through the owner's invitation, so the Team page has someone to remove. */
async function joinedMember(browser: Browser, owner: Page): Promise<string> {
  const email = uniqueEmail('member');
  await callRoute(owner, 'post /api/team/invitations', { body: { email, role: 'staff' } });
  const member = await (await browser.newContext()).newPage();
  await member.goto(await invitationLinkFor(member, email));
  await member.getByRole('link', { name: 'Accept Invitation' }).click();
  await expect(member.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await member.context().close();
  return email;
}

/** Each overlay opened, checked as it stands once its motion ended, and closed again by the keyboard. */
class OverlayCheck {
  readonly found: string[] = [];
  constructor(readonly page: Page) {}

  /** Checks the page itself, as it shows at `path`. */
  async checkPage(path: string): Promise<void> {
    await openSettled(this.page, path);
    await this.record(path);
  }

  /** Opens an overlay, checks it, and closes it with Escape unless `close` says otherwise. */
  async overlay(what: string, open: () => Promise<Locator>, close: 'escape' | 'keep' = 'escape'): Promise<Locator> {
    const overlay = await open();
    await settledOverlay(this.page, overlay);
    await this.record(what);
    if (close === 'escape') {
      await this.page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();
    }
    return overlay;
  }

  private async record(what: string): Promise<void> {
    this.found.push(...(await seriousViolations(this.page)).map((violation) => `${what}: ${violation}`));
  }

  /** A row's actions menu, opened from its button. */
  async rowMenu(name: string): Promise<Locator> {
    return this.overlay(
      `menu of ${name}`,
      async () => {
        await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
        return this.page
          .getByRole('menu')
          .filter({ has: this.page.getByRole('menuitem') })
          .last();
      },
      'keep',
    );
  }

  /** A dialog opened by an item of a row's actions menu. */
  async fromRowMenu(name: string, item: string, dialog: string | RegExp): Promise<void> {
    await this.overlay(dialog.toString(), async () => {
      const menu = await this.rowMenu(name);
      await menu.getByRole('menuitem', { name: item }).click();
      return this.page.getByRole('dialog', { name: dialog });
    });
  }
}

async function onScreen(browser: Browser, screen: (typeof SCREENS)[number], check: (overlays: OverlayCheck) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...screen.context, storageState: signedIn });
  const overlays = new OverlayCheck(await context.newPage());
  await check(overlays);
  await context.close();
  expect(overlays.found).toEqual([]);
}

// Each test runs axe on a dozen overlays, seconds each on two busy cores: its timeout bounds a hang, not speed (docs/testing.md).
test.describe('accessibility of dialogs, menus and drawers (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    signedIn = await syncedBrokerState(browser, 'Harbor Print Partners');
    const context = await browser.newContext({ storageState: signedIn });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect
      .poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { status: 'processing', limit: 1 } })).length, { timeout: 30_000 })
      .toBe(1);
    const [accepted] = await callRoute(page, 'get /api/sales-orders', { query: { status: 'processing', limit: 1 } });
    const made = await sendRoute(page, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: accepted!.id }, body: { force: true } });
    expect(made.status()).toBe(201);
    const bulk = (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 100 } })).find((order) => order.poType === 'BULK')!;
    await expect.poll(async () => (await callRoute(page, 'get /api/items', { query: { limit: 1 } })).length, { timeout: 30_000 }).toBe(1);
    const [item] = await callRoute(page, 'get /api/items', { query: { limit: 1 } });
    const [vendor] = await callRoute(page, 'get /api/vendors', { query: { limit: 1 } });
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const madePo = await sendRoute(page, 'post /api/purchase-orders', {
      body: {
        poNumber: `AX-${suffix}-BL`,
        vendorName: vendor!.name,
        vendorEmail: null,
        items: [{ itemId: item!.qbId, itemName: item!.name, description: null, quantity: 1_000, unitPrice: 0.1 }],
      },
    });
    expect(madePo.status()).toBe(201);
    const po = (await madePo.json()) as PurchaseOrder;
    const [customer] = await callRoute(page, 'get /api/customers', { query: { limit: 1, sort: 'name' } });
    const madeSo = await sendRoute(page, 'post /api/sales-orders', {
      body: {
        soNumber: `AX-${suffix}`,
        customerName: customer!.name,
        customerEmail: null,
        status: 'active',
        bulkPoId: po.id,
        items: JSON.stringify([{ itemId: item!.qbId, itemName: item!.name, description: null, sku: null, quantity: 100, unitPrice: 0.2 }]),
      },
    });
    expect(madeSo.status()).toBe(201);
    const processing = await callRoute(page, 'get /api/sales-orders', { query: { status: 'processing', limit: 100 } });
    const toRelease = processing.find((order) => order.id !== accepted!.id && order.bulkPoId !== null && !order.fulfilment);
    records = {
      bulkPo: { id: bulk.id, poNumber: bulk.poNumber },
      madePo: po.poNumber,
      salesOrder: ((await madeSo.json()) as SalesOrder).soNumber,
      toRelease: toRelease!.soNumber,
      ticket: ((await made.json()) as PullTicket).ptNumber,
      customerId: customer!.id,
      member: await joinedMember(browser, page),
    };
    await context.close();
  });

  for (const screen of SCREENS) {
    test(`the shell's user menu, sidebar, Team and Settings, ${screen.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      await onScreen(browser, screen, async (overlays) => {
        const { page } = overlays;
        await overlays.checkPage('/team');
        if (screen.name !== 'desktop') {
          // On a phone the sidebar, with the user menu at its foot, is a sheet over the page.
          await overlays.overlay(
            'the sidebar sheet',
            async () => {
              await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
              return page.getByRole('dialog').filter({ has: page.getByTestId('sidebar') });
            },
            'keep',
          );
        }
        await overlays.overlay('the user menu', async () => {
          await page.getByTestId('user-menu').click();
          return page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Log out' }) });
        });
        if (screen.name !== 'desktop') {
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('sidebar')).toBeHidden();
        }
        await overlays.overlay(`the role of ${records.member}`, async () => {
          await page.getByRole('combobox', { name: `Role of ${records.member}` }).click();
          return page.locator('.ant-select-dropdown:visible');
        });
        await overlays.overlay(`removing ${records.member}`, async () => {
          await page.getByRole('button', { name: `Remove ${records.member}` }).click();
          return page.locator('.ant-popconfirm:visible');
        });
        await overlays.checkPage('/settings');
        const vendors = await overlays.overlay(
          'the vendors of Vendor Program Defaults',
          async () => {
            await page.getByRole('combobox', { name: 'Vendor' }).click();
            return page.locator('.ant-select-dropdown:visible');
          },
          'keep',
        );
        await vendors.locator('.ant-select-item-option').first().click();
        await overlays.overlay("a vendor's program defaults", async () => page.getByRole('form', { name: /^Program defaults of / }), 'keep');
      });
    });

    test(`purchase orders: new order, row menu, details and program, ${screen.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      await onScreen(browser, screen, async (overlays) => {
        const { page } = overlays;
        const { poNumber, id } = records.bulkPo;
        await overlays.checkPage(`/purchase-orders?search=${poNumber}`);
        await overlays.overlay('New Purchase Order', async () => {
          await page.getByRole('button', { name: 'New Purchase Order' }).click();
          return page.getByRole('dialog', { name: 'New Purchase Order' });
        });
        await overlays.rowMenu(poNumber);
        await page.keyboard.press('Escape');
        const details = await overlays.overlay(
          `Purchase Order Details - ${poNumber}`,
          async () => {
            await (await overlays.rowMenu(poNumber)).getByRole('menuitem', { name: 'View Details' }).click();
            return page.getByRole('dialog', { name: `Purchase Order Details - ${poNumber}` });
          },
          'keep',
        );
        await details.getByRole('button', { name: 'Edit program' }).click();
        await details.getByRole('button', { name: 'Record receipt' }).click();
        await overlays.overlay(`its program and receipt forms`, async () => details, 'keep');
        await details.getByRole('tab', { name: 'History' }).click();
        await overlays.overlay(`its history`, async () => details);
        await overlays.checkPage(`/purchase-orders/${id}/program`);
        await overlays.checkPage(`/purchase-orders?search=${records.madePo}`);
        await overlays.fromRowMenu(records.madePo, 'Delete', `Delete ${records.madePo}`);
      });
    });

    test(`sales orders: new order, customer picker, row menu and its dialogs, ${screen.name}`, async ({ browser }) => {
      test.setTimeout(240_000);
      await onScreen(browser, screen, async (overlays) => {
        const { page } = overlays;
        const so = records.salesOrder;
        await overlays.checkPage(`/sales-orders?search=${so}`);
        const created = await overlays.overlay(
          'New Sales Order',
          async () => {
            await page.getByRole('button', { name: 'New Sales Order' }).click();
            return page.getByRole('dialog', { name: 'New Sales Order' });
          },
          'keep',
        );
        const picker = await overlays.overlay(
          'the customer picker',
          async () => {
            await created.getByLabel('Customer Name').fill('a');
            return page.locator('.ant-select-dropdown:visible');
          },
          'keep',
        );
        // Escape closes the suggestions first, and only then the dialog.
        await page.keyboard.press('Escape');
        await expect(picker).toBeHidden();
        await expect(created).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(created).toBeHidden();
        await overlays.rowMenu(so);
        await page.keyboard.press('Escape');
        for (const [item, dialog] of [
          ['View Details', `Sales Order Details - ${so}`],
          ['Edit', `Edit Sales Order - ${so}`],
          ['Email Customer', `Email Sales Order - ${so}`],
          ['Accept order', `Accept Sales Order - ${so}`],
          ['Delete', `Delete Sales Order - ${so}`],
        ] as const) {
          await overlays.fromRowMenu(so, item, dialog);
        }
        await overlays.checkPage(`/sales-orders?search=${records.toRelease}`);
        await overlays.fromRowMenu(records.toRelease, 'Create Pull Ticket', `Create Pull Ticket - ${records.toRelease}`);
      });
    });

    test(`pull tickets: row menu and its dialogs, ${screen.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      await onScreen(browser, screen, async (overlays) => {
        const { page } = overlays;
        const pt = records.ticket;
        await overlays.checkPage(`/pull-tickets?search=${pt}`);
        await overlays.rowMenu(pt);
        await page.keyboard.press('Escape');
        for (const [item, dialog] of [
          ['View Details', `Pull Ticket Details - ${pt}`],
          ['Email Vendor', `Email Pull Ticket - ${pt}`],
          ['Mark Shipped', `Ship Pull Ticket - ${pt}`],
          ['Edit', `Edit Pull Ticket - ${pt}`],
          ['Delete', `Delete Pull Ticket - ${pt}`],
        ] as const) {
          await overlays.fromRowMenu(pt, item, dialog);
        }
      });
    });

    test(`a customer's page and its statement dialog, ${screen.name}`, async ({ browser }) => {
      await onScreen(browser, screen, async (overlays) => {
        const { page } = overlays;
        await overlays.checkPage(`/customers/${records.customerId}`);
        await overlays.overlay('E-mail statement', async () => {
          await page.getByRole('button', { name: 'E-mail statement' }).click();
          return page.getByRole('dialog', { name: /^E-mail Statement - / });
        });
      });
    });
  }

  test("each remote's row menu works by keyboard, and its dialog gives focus back to the menu's button", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ storageState: signedIn });
    const page = await context.newPage();
    const focusedItem = page.locator('[role="menuitem"]:focus');
    for (const [path, name, dialog] of [
      ['/sales-orders', records.salesOrder, `Sales Order Details - ${records.salesOrder}`],
      ['/purchase-orders', records.bulkPo.poNumber, `Purchase Order Details - ${records.bulkPo.poNumber}`],
      ['/pull-tickets', records.ticket, `Pull Ticket Details - ${records.ticket}`],
    ] as const) {
      await openSettled(page, `${path}?search=${name}`);
      const button = page.getByRole('button', { name: `Actions for ${name}` });
      await button.focus();
      // ArrowDown opens the menu on its first item; the arrows move; Escape closes it back to its button.
      await page.keyboard.press('ArrowDown');
      await expect(focusedItem).toHaveText('View Details');
      await page.keyboard.press('ArrowDown');
      await expect(focusedItem).not.toHaveText('View Details');
      await page.keyboard.press('ArrowUp');
      await expect(focusedItem).toHaveText('View Details');
      await page.keyboard.press('Escape');
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // Space opens it too; Enter chooses; the dialog's Escape gives focus back to the button.
      await page.keyboard.press('Space');
      await expect(focusedItem).toHaveText('View Details');
      await page.keyboard.press('Enter');
      const details = page.getByRole('dialog', { name: dialog });
      await expect(details).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await expect(button).toBeFocused();
    }
    await context.close();
  });
});
