import type { Page } from '@playwright/test';

const SEEN = 'printpool-e2e-toasts-seen';

/**
 * Records every toast the page shows, from its next navigation on, in the tab's session storage,
 * which outlives the redirect that may follow. A toast shown for half a second before the app
 * leaves the page (docs/product.md §9) can fall between two of an assertion's polls, which wait
 * up to a second between looks; recorded as the page paints it, it is seen every time.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const record = () => {
      const seen: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      document.querySelectorAll<HTMLElement>('[data-testid="toast"]').forEach((toast) => {
        const text = toast.textContent ?? '';
        if (toast.checkVisibility() && !seen.includes(text)) seen.push(text);
      });
      sessionStorage.setItem(key, JSON.stringify(seen));
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, SEEN);
}

/** The text of each toast the page showed since recordToasts, in order. */
export async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], SEEN);
}
