import type { RemoteName } from '@printpool/platform';

/** A remote as the shell knows it: its Module Federation name and what users call its area. */
export interface RemoteRef<R extends RemoteName = RemoteName> {
  name: R;
  label: string;
}

export const REMOTES = {
  purchaseOrders: { name: 'mfe_purchase_orders', label: 'Purchase Orders' },
  salesOrders: { name: 'mfe_sales_orders', label: 'Sales Orders' },
  pullTickets: { name: 'mfe_pull_tickets', label: 'Pull Tickets' },
  catalog: { name: 'mfe_catalog', label: 'QuickBooks Data' },
} satisfies Record<string, RemoteRef>;
