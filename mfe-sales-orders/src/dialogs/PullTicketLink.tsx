import { Typography } from '@printpool/ui';
import type { MouseEvent } from 'react';

/** The Pull Tickets page opens on the ticket its address names (mfe-pull-tickets' PullTicketsPage.tsx reads ?search=). */
export const pullTicketHref = (ptNumber: string) => `/pull-tickets?search=${encodeURIComponent(ptNumber)}`;

/**
 * Moves the shell to another remote's page without reloading it. The remote may be rendered
 * without a router of its own (its tests, the dashboard widget), so it asks the shell's
 * browser router through the history, as a back or forward would.
 */
export function goTo(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function PullTicketLink({ ptNumber }: { ptNumber: string }) {
  const href = pullTicketHref(ptNumber);
  const follow = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    goTo(href);
  };
  return (
    <Typography.Link href={href} onClick={follow}>
      {ptNumber}
    </Typography.Link>
  );
}
