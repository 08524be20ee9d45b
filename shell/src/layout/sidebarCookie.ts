export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;

/** The desktop sidebar's saved open state; open when nothing was saved. */
export function readSidebarOpen(): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`).exec(document.cookie);
  return match ? match[1] === 'true' : true;
}

export function saveSidebarOpen(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}
