import { REMOTES, type RemoteRef } from './remoteNames.js';

/** A module a remote exposes, as a page shows it. */
export interface RemoteModule {
  remote: RemoteRef;
  /** The exposed module without './', e.g. 'routes'. */
  exposed: string;
  exportName?: string;
}

/** Each remote renders its own pages below its top-level paths (see the remotes' READMEs). */
export const REMOTE_PAGES: readonly { path: string; remote: RemoteRef }[] = [
  { path: 'purchase-orders', remote: REMOTES.purchaseOrders },
  { path: 'sales-orders', remote: REMOTES.salesOrders },
  { path: 'pull-tickets', remote: REMOTES.pullTickets },
  { path: 'customers', remote: REMOTES.catalog },
  { path: 'items', remote: REMOTES.catalog },
];

export const DASHBOARD_WIDGETS = {
  bulkPurchaseOrders: { remote: REMOTES.purchaseOrders, exposed: 'widgets', exportName: 'BulkPurchaseOrdersWidget' },
  programs: { remote: REMOTES.purchaseOrders, exposed: 'widgets', exportName: 'ProgramsWidget' },
  recentSalesOrders: { remote: REMOTES.salesOrders, exposed: 'widgets', exportName: 'RecentSalesOrdersWidget' },
} satisfies Record<string, RemoteModule>;

/**
 * What the page at `pathname` loads from remotes, so the shell can fetch it while it starts.
 * `/` is left out: signed out it is the landing page, which needs no remote.
 */
export function remoteModulesOf(pathname: string): RemoteModule[] {
  if (pathname === '/dashboard' || pathname === '/dashboard/') {
    // Two cards of one remote come from one module: it is fetched once.
    const modules = new Map(Object.values(DASHBOARD_WIDGETS).map(({ remote, exposed }) => [`${remote.name}/${exposed}`, { remote, exposed }]));
    return [...modules.values()];
  }
  const page = REMOTE_PAGES.find(({ path }) => pathname === `/${path}` || pathname.startsWith(`/${path}/`));
  return page ? [{ remote: page.remote, exposed: 'routes' }] : [];
}
