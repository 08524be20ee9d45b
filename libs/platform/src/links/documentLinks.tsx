import { Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

/**
 * Where each document is found: its list page opened on it. Each list page keeps its search in
 * its address (list/useListView.ts), so an order, its pull ticket and its bulk PO link to each
 * other across remotes.
 */
export const documentHref = {
  salesOrder: (soNumber: string) => `/sales-orders?search=${encodeURIComponent(soNumber)}`,
  purchaseOrder: (poNumber: string) => `/purchase-orders?search=${encodeURIComponent(poNumber)}`,
  pullTicket: (ptNumber: string) => `/pull-tickets?search=${encodeURIComponent(ptNumber)}`,
  /** A bulk PO's program page (docs/product.md §11). */
  program: (purchaseOrderId: number) => `/purchase-orders/${purchaseOrderId}/program`,
};

/**
 * Moves the shell to another remote's page without reloading it. A remote may be rendered
 * without a router of its own (its tests, a dashboard widget), so it asks the shell's browser
 * router through the history, as a back or forward would.
 */
export function goTo(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * A link to another page of the app that keeps it loaded; a modified click opens it as the browser
 * would. Underlined: inside a sentence or a dialog's details, its colour alone does not set it
 * apart from the text around it (WCAG 1.4.1).
 */
export function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  const follow = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    goTo(href);
  };
  return (
    <Typography.Link href={href} onClick={follow} underline>
      {children}
    </Typography.Link>
  );
}
