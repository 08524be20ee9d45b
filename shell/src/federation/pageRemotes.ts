import type { ExposedModules, RemoteName } from '@printpool/platform';
import { REMOTES, type RemoteRef } from './remoteNames.js';

/**
 * A component a remote exposes, as a page places it: the module (without './') and its export,
 * the default when none is named. Only what the remote promises (libs/platform exposedModules.ts) compiles.
 */
export type RemoteModule = {
  [R in RemoteName]: {
    [M in keyof ExposedModules[R] & string]: { remote: RemoteRef<R>; exposed: M; exportName?: keyof ExposedModules[R][M] & string };
  }[keyof ExposedModules[R] & string];
}[RemoteName];

/** A module a page loads, as the shell fetches it ahead of the page. */
export interface PreloadedModule {
  remote: RemoteRef;
  exposed: string;
}

/** Each remote renders its own pages below its top-level paths (see the remotes' READMEs). */
export const REMOTE_PAGES: readonly { path: string; routes: RemoteModule }[] = [
  { path: 'purchase-orders', routes: { remote: REMOTES.purchaseOrders, exposed: 'routes' } },
  { path: 'sales-orders', routes: { remote: REMOTES.salesOrders, exposed: 'routes' } },
  { path: 'pull-tickets', routes: { remote: REMOTES.pullTickets, exposed: 'routes' } },
  { path: 'customers', routes: { remote: REMOTES.catalog, exposed: 'routes' } },
  { path: 'items', routes: { remote: REMOTES.catalog, exposed: 'routes' } },
];

export const DASHBOARD_WIDGETS = {
  bulkPurchaseOrders: { remote: REMOTES.purchaseOrders, exposed: 'widgets', exportName: 'BulkPurchaseOrdersWidget' },
  programs: { remote: REMOTES.purchaseOrders, exposed: 'widgets', exportName: 'ProgramsWidget' },
  recentSalesOrders: { remote: REMOTES.salesOrders, exposed: 'widgets', exportName: 'RecentSalesOrdersWidget' },
  stockAlerts: { remote: REMOTES.catalog, exposed: 'widgets', exportName: 'StockAlertsWidget' },
} satisfies Record<string, RemoteModule>;

/** Sections of the Settings page that remotes own: a vendor's program defaults are the purchase orders remote's (docs/product.md §11). */
export const SETTINGS_SECTIONS = {
  vendorProgramDefaults: { remote: REMOTES.purchaseOrders, exposed: 'settings', exportName: 'VendorProgramDefaultsCard' },
} satisfies Record<string, RemoteModule>;

/** Each remote module of these once: two cards of one remote come from one module, fetched once. */
const modulesOnce = (sections: Record<string, RemoteModule>): PreloadedModule[] => [
  ...new Map(Object.values(sections).map(({ remote, exposed }) => [`${remote.name}/${exposed}`, { remote, exposed }])).values(),
];

/**
 * What the page at `pathname` loads from remotes, so the shell can fetch it while it starts.
 * `/` is left out: signed out it is the landing page, which needs no remote.
 */
export function remoteModulesOf(pathname: string): PreloadedModule[] {
  if (pathname === '/dashboard' || pathname === '/dashboard/') return modulesOnce(DASHBOARD_WIDGETS);
  if (pathname === '/settings' || pathname === '/settings/') return modulesOnce(SETTINGS_SECTIONS);
  const page = REMOTE_PAGES.find(({ path }) => pathname === `/${path}` || pathname.startsWith(`/${path}/`));
  return page ? [page.routes] : [];
}
