import type { Page } from '@playwright/test';
import { sendRoute } from './api.js';

let counter = 0;

/** A fresh broker account per test, so tests never see each other's data. */
export function uniqueEmail(label = 'broker'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@printpool.test`;
}

/** Signs in through the e-mail sign-in endpoint, as the sign-in page does, and opens a path. */
export async function signIn(page: Page, path = '/', email = uniqueEmail()): Promise<string> {
  const res = await sendRoute(page, 'post /api/dev-login', { body: { email } });
  if (!res.ok()) throw new Error(`dev-login failed: ${res.status()} ${await res.text()}`);
  await page.goto(path);
  return email;
}
