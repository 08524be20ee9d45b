import { createRouter, unprocessable, type ServiceRouter } from '@printpool/service-kit';
import { canMarkSent } from '../domain/pullTicketStatus.js';
import { requestReason } from '../application/history.js';
import type { ChangeContext } from '../application/transaction.js';
import { changePullTicket } from '../pullTickets/changePullTicket.js';
import { recordId } from './params.js';

/**
 * svc-documents records that it e-mailed the ticket to the vendor. An internal route (only
 * services may call it): a browser cannot mark a ticket sent without sending it.
 */
export function pullTicketSentRoutes(context: ChangeContext): ServiceRouter {
  const router = createRouter('/api/internal/pull-tickets');
  router.post('/:id/mark-sent', async (ctx) => {
    const reason = requestReason(ctx.state, 'E-mailed to the vendor');
    const { after } = await changePullTicket(context, ctx.state.caller.tenantId, reason, recordId(ctx.params.id, 'Pull ticket'), (current) => {
      if (!canMarkSent(current.status))
        throw unprocessable(`A ${current.status} pull ticket cannot be marked sent`, { field: 'status', status: current.status });
      return current.status === 'sent' ? null : { status: 'sent' };
    });
    ctx.body = after;
  });
  return router;
}
