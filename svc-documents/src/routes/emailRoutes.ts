import { DELETED_ORDER_TICKET_HELD, EmailPullTicketInputSchema, SendEstimateInputSchema, StatementEmailInputSchema } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, unprocessable, type ServiceRouter } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { pullTicketSubject, salesOrderSubject, subjectOrDefault } from '../domain/subjects.js';
import { deliverOnce } from '../mail/deliverOnce.js';
import { pullTicketBody, salesOrderBody } from '../mail/messages.js';
import { recordPullTicketSent } from '../mail/pullTicketSent.js';
import { sendStatement } from '../statements/sendStatement.js';
import { pdfAttachment, pullTicketDocument, salesOrderDocument } from '../pdf/documents.js';
import { answerQueued, idempotencyKey } from './answerDelivery.js';

/** E-mail with the document attached; every send ends in the communication log, and each is made once per key (mail/deliverOnce.ts). */
export function emailRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/pull-tickets/:id/email', async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = parseInput(EmailPullTicketInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await pullTicketDocument(deps, caller, ctx.params.id!);
    const ticket = doc.record;
    // Refused before anything is sent: the vendor is not to pull for an order QuickBooks no longer has (docs/product.md §4).
    if (ticket.orderDeletedInQuickbooksAt)
      throw unprocessable(DELETED_ORDER_TICKET_HELD, { field: 'orderDeletedInQuickbooksAt', orderDeletedInQuickbooksAt: ticket.orderDeletedInQuickbooksAt });
    const delivery = await deliverOnce(
      deps,
      caller,
      {
        to: input.emailAddress,
        subject: subjectOrDefault(input.subject, pullTicketSubject(ticket.ptNumber)),
        text: input.message?.trim() || pullTicketBody(ticket, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'PT', id: String(ticket.id), number: ticket.ptNumber },
      key,
    );
    if (delivery.status === 'queued') return answerQueued(ctx, delivery);
    const { emailLog } = delivery;
    // The call that sent it marks the ticket; a repeated call answers what that one noted.
    const note = delivery.repeated ? emailLog.error : await recordPullTicketSent(deps, caller, emailLog.id, String(ticket.id));
    if (note) emailLog.error = note;
    ctx.body = { status: 'sent', message: 'Pull ticket emailed successfully', emailLog, statusUpdated: note === null };
  });

  router.post('/api/sales-orders/:id/send-estimate', async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = parseInput(SendEstimateInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await salesOrderDocument(deps, caller, ctx.params.id!);
    const order = doc.record;
    if (!order.customerEmail) throw unprocessable('Sales order has no customer email', { field: 'customerEmail' });
    const delivery = await deliverOnce(
      deps,
      caller,
      {
        to: order.customerEmail,
        subject: subjectOrDefault(input.subject, salesOrderSubject(order.soNumber)),
        text: input.message?.trim() || salesOrderBody(order, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'SO', id: String(order.id), number: order.soNumber },
      key,
    );
    if (delivery.status === 'queued') return answerQueued(ctx, delivery);
    ctx.body = { status: 'sent', message: 'Sales order email sent successfully with PDF attachment', emailLog: delivery.emailLog };
  });

  router.post('/api/customers/:id/statement/email', async (ctx) => {
    const key = idempotencyKey(ctx);
    const { from, to, subject, message } = parseInput(StatementEmailInputSchema, requestBody(ctx));
    const { delivery, to: address } = await sendStatement(deps, ctx.state.caller, ctx.params.id!, { from, to }, { subject, message }, key);
    if (delivery.status === 'queued') return answerQueued(ctx, delivery);
    ctx.body = { status: 'sent', message: `Statement e-mailed to ${address}`, emailLog: delivery.emailLog };
  });

  return router;
}
