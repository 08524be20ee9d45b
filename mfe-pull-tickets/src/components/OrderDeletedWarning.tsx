import { DELETED_ORDER_TICKET_HELD, ESTIMATE_DELETED_IN_QUICKBOOKS } from '@printpool/contracts';
import { Tag } from '@printpool/ui';
import { Alert } from '@printpool/ui/form';
import type { PullTicket } from '../api/pullTickets.js';
import { heldByDeletedOrder } from '../domain/pullTicketRules.js';

/** The list's mark on such a ticket. */
export function OrderDeletedTag({ ticket }: { ticket: Pick<PullTicket, 'orderDeletedInQuickbooksAt' | 'status'> }) {
  if (!heldByDeletedOrder(ticket)) return null;
  return <Tag color="red">Estimate deleted</Tag>;
}

/** The details dialog's warning: why Ship and E-mail are refused, and what ends it. */
export function OrderDeletedWarning({ ticket }: { ticket: Pick<PullTicket, 'orderDeletedInQuickbooksAt' | 'status'> }) {
  if (!heldByDeletedOrder(ticket)) return null;
  return <Alert type="warning" showIcon role="alert" title={ESTIMATE_DELETED_IN_QUICKBOOKS} description={DELETED_ORDER_TICKET_HELD} />;
}
