/** Leaves the single-page app for a server route (sign-in, sign-out, QuickBooks authorization). */
export function navigateBrowser(url: string): void {
  window.location.assign(url);
}

/** How long a toast announcing that the page is about to be left stays readable (docs/product.md §9: 500 ms for Unauthorized). */
export const TOAST_BEFORE_LEAVING_MS = 500;

/**
 * Runs `then` once the browser has painted what is under way (two frames on, or the next turn
 * where nothing paints) and the toast has had its time to be read: a busy page paints late, and
 * a departure timed from the call would leave before the toast was ever seen.
 */
export function afterToastIsSeen(then: () => void, readMs = TOAST_BEFORE_LEAVING_MS): void {
  const later = () => window.setTimeout(then, readMs);
  if (typeof window.requestAnimationFrame !== 'function') {
    window.setTimeout(later, 0);
    return;
  }
  window.requestAnimationFrame(() => window.requestAnimationFrame(later));
}
