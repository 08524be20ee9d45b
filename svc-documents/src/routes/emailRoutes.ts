import { createRouter, parseInput, requestBody, unprocessable, type ServiceRouter } from '@printpool/service-kit';
import { noteEmailLogError } from '../db/emailLogs.js';
import type { DocumentsDeps } from '../deps.js';
import { pullTicketSubject, salesOrderSubject, subjectOrDefault } from '../domain/subjects.js';
import { deliver } from '../mail/deliver.js';
import { pullTicketBody, salesOrderBody } from '../mail/messages.js';
import { pullTicketDocument, salesOrderDocument } from '../pdf/documents.js';
import { EmailPullTicketInput, SendEstimateInput } from './emailInput.js';

const pdfAttachment = ({ pdf, fileName }: { pdf: Buffer; fileName: string }) => [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];

/** E-mail with the document attached; every send ends in the communication log. */
export function emailRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/pull-tickets/:id/email', async (ctx) => {
    const input = parseInput(EmailPullTicketInput, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await pullTicketDocument(deps, caller, ctx.params.id!);
    const ticket = doc.record;
    const emailLog = await deliver(
      deps,
      caller.tenantId,
      {
        to: input.emailAddress,
        subject: subjectOrDefault(input.subject, pullTicketSubject(ticket.ptNumber)),
        text: input.message?.trim() || pullTicketBody(ticket, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'PT', id: ticket.id, number: ticket.ptNumber },
    );
    // The e-mail is out: a failure to record the status must not turn it into an error.
    let statusUpdated = true;
    try {
      await deps.source.markPullTicketSent(caller, ticket.id);
    } catch (error) {
      statusUpdated = false;
      emailLog.error = `Sent, but the pull ticket status was not updated: ${error instanceof Error ? error.message : String(error)}`;
      await noteEmailLogError(deps.db.knex, caller.tenantId, emailLog.id, emailLog.error);
      deps.logger.warn({ emailLogId: emailLog.id, pullTicketId: ticket.id }, 'pull ticket e-mailed but not marked sent');
    }
    ctx.body = { message: 'Pull ticket emailed successfully', emailLog, statusUpdated };
  });

  router.post('/api/sales-orders/:id/send-estimate', async (ctx) => {
    const input = parseInput(SendEstimateInput, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await salesOrderDocument(deps, caller, ctx.params.id!);
    const order = doc.record;
    if (!order.customerEmail) throw unprocessable('Sales order has no customer email', { field: 'customerEmail' });
    const emailLog = await deliver(
      deps,
      caller.tenantId,
      {
        to: order.customerEmail,
        subject: subjectOrDefault(input.subject, salesOrderSubject(order.soNumber)),
        text: input.message?.trim() || salesOrderBody(order, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'SO', id: order.id, number: order.soNumber },
    );
    ctx.body = { message: 'Sales order email sent successfully with PDF attachment', emailLog };
  });

  return router;
}
