import type { StatementPeriod } from '@printpool/domain';
import { unprocessable, type CallerIdentity } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { insertStatementEmail } from '../db/statementEmails.js';
import { statementSubject, subjectOrDefault } from '../domain/subjects.js';
import { pdfAttachment, statementDocument } from '../pdf/documents.js';
import { deliverOnce, type Delivery } from '../mail/deliverOnce.js';
import { statementBody } from '../mail/messages.js';

/** What the broker may say in a statement's e-mail; left out, the defaults of domain/subjects.ts and messages.ts. */
export interface StatementWording {
  subject?: string;
  message?: string;
}

/**
 * E-mails a customer's statement of the period to the customer's address, with its PDF, once per
 * key (src/mail/deliverOnce.ts), and logs it with the period it covers (db/statementEmails.ts): the
 * broker's E-mail statement and the monthly schedule send it the same way (docs/product.md §12).
 */
export async function sendStatement(
  deps: DocumentsDeps,
  caller: CallerIdentity,
  customerId: string,
  period: StatementPeriod,
  wording: StatementWording,
  key: string | undefined,
): Promise<{ delivery: Delivery; to: string }> {
  const doc = await statementDocument(deps, caller, customerId, period);
  const statement = doc.record;
  if (!statement.customerEmail)
    throw unprocessable(`${statement.customerName} has no e-mail address in QuickBooks: add one there, then sync customers`, { field: 'customerEmail' });
  const delivery = await deliverOnce(
    deps,
    caller,
    {
      to: statement.customerEmail,
      subject: subjectOrDefault(wording.subject, statementSubject(statement.customerName, period)),
      text: wording.message?.trim() || statementBody(statement, doc.profile.companyName),
      attachments: pdfAttachment(doc),
    },
    // The reference is the customer, numbered by the days covered (ISO 8601's from/to).
    { type: 'STATEMENT', id: String(statement.customerId), number: `${period.from}/${period.to}` },
    key,
    (trx, emailLogId) =>
      insertStatementEmail(trx, {
        tenantId: caller.tenantId,
        emailLogId,
        customerId: statement.customerId,
        customerName: statement.customerName,
        from: period.from,
        to: period.to,
      }),
  );
  return { delivery, to: statement.customerEmail };
}
