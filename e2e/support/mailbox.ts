import { expect, type Page } from '@playwright/test';
import { mailboxURL } from './env.js';

export interface MailboxMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  attachments: Array<{ filename: string; contentType: string; size: number; url: string }>;
}

/** Everything the launcher's dev mailbox has received, newest first. */
export async function mailboxMessages(page: Page): Promise<MailboxMessage[]> {
  const res = await page.request.get(`${mailboxURL}/dev/mailbox.json`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as MailboxMessage[];
}

/** The ids already received, so a later wait ignores mail an earlier test sent. */
export async function mailboxIds(page: Page): Promise<Set<string>> {
  return new Set((await mailboxMessages(page)).map((m) => m.id));
}

/** Waits for a new message with this subject to this address. */
export async function awaitMail(page: Page, { subject, to, seen }: { subject: string; to: string; seen: Set<string> }): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailboxMessages(page)).find((m) => !seen.has(m.id) && m.subject === subject && m.to.includes(to));
        return found !== undefined;
      },
      { message: `mail '${subject}' to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export async function downloadAttachment(page: Page, url: string): Promise<Buffer> {
  const res = await page.request.get(`${mailboxURL}${url}`);
  expect(res.ok()).toBeTruthy();
  return res.body();
}
