import { EmailPullTicketInputSchema, SendEstimateInputSchema } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, unprocessable, type ServiceRouter } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { pullTicketSubject, salesOrderSubject, subjectOrDefault } from '../domain/subjects.js';
import { deliver } from '../mail/deliver.js';
import { pullTicketBody, salesOrderBody } from '../mail/messages.js';
import { recordPullTicketSent } from '../mail/pullTicketSent.js';
import { pullTicketDocument, salesOrderDocument } from '../pdf/documents.js';

const pdfAttachment = ({ pdf, fileName }: { pdf: Buffer; fileName: string }) => [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];

/** E-mail with the document attached; every send ends in the communication log. */
export function emailRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/pull-tickets/:id/email', async (ctx) => {
    const input = parseInput(EmailPullTicketInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await pullTicketDocument(deps, caller, ctx.params.id!);
    const ticket = doc.record;
    const emailLog = await deliver(
      deps,
      caller,
      {
        to: input.emailAddress,
        subject: subjectOrDefault(input.subject, pullTicketSubject(ticket.ptNumber)),
        text: input.message?.trim() || pullTicketBody(ticket, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'PT', id: String(ticket.id), number: ticket.ptNumber },
    );
    const note = await recordPullTicketSent(deps, caller, emailLog.id, String(ticket.id));
    if (note) emailLog.error = note;
    ctx.body = { message: 'Pull ticket emailed successfully', emailLog, statusUpdated: note === null };
  });

  router.post('/api/sales-orders/:id/send-estimate', async (ctx) => {
    const input = parseInput(SendEstimateInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const doc = await salesOrderDocument(deps, caller, ctx.params.id!);
    const order = doc.record;
    if (!order.customerEmail) throw unprocessable('Sales order has no customer email', { field: 'customerEmail' });
    const emailLog = await deliver(
      deps,
      caller,
      {
        to: order.customerEmail,
        subject: subjectOrDefault(input.subject, salesOrderSubject(order.soNumber)),
        text: input.message?.trim() || salesOrderBody(order, doc.profile.companyName),
        attachments: pdfAttachment(doc),
      },
      { type: 'SO', id: String(order.id), number: order.soNumber },
    );
    ctx.body = { message: 'Sales order email sent successfully with PDF attachment', emailLog };
  });

  return router;
}
