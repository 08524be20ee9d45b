/** Top-level paths of the signed-in app; a signed-out visit to one of them starts sign-in. */
export const APP_PATHS = ['/dashboard', '/purchase-orders', '/sales-orders', '/pull-tickets', '/customers', '/items', '/team', '/settings'];

export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
