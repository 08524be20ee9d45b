/** Leaves the single-page app for a server route (sign-in, sign-out, QuickBooks authorization). */
export function navigateBrowser(url: string): void {
  window.location.assign(url);
}
