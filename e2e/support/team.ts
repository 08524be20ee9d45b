import { expect, type Page } from '@playwright/test';
import { mailboxURL } from './env.js';

/**
 * The invitation link in the newest invitation e-mail to `to`, read as the invited person reads
 * it: on the dev mailbox's page, opening the message.
 */
export async function invitationLinkFor(page: Page, to: string): Promise<string> {
  const message = page.locator('tr').filter({ hasText: to }).filter({ hasText: 'Invitation to join' }).first();
  await expect(async () => {
    await page.goto(`${mailboxURL}/dev/mailbox`);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await message.locator('summary').click();
  const text = await message.locator('pre').innerText();
  const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in the e-mail to ${to}:\n${text}`);
  return link;
}
