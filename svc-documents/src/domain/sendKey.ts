import { createHash } from 'node:crypto';
import type { EmailReferenceType } from '@printpool/contracts';

/**
 * The key of a send: the browser's Idempotency-Key (one per user action), else one derived from
 * the message, so a double-click or a header-less client's retry of the same message is the same
 * send. The PDF is left out of the hash: pdfkit stamps each rendering with its creation time
 * (src/pdf/document.ts), and a ticket's own status changes once it is e-mailed.
 */
export function sendKeyOf(
  headerKey: string | undefined,
  tenantId: string,
  reference: { type: EmailReferenceType; id: string },
  mail: { to: string; subject: string; text: string; attachments?: ReadonlyArray<{ filename: string }> },
): { key: string; derived: boolean } {
  if (headerKey) return { key: `header:${headerKey}`, derived: false };
  const content = [tenantId, reference.type, reference.id, mail.to.toLowerCase(), mail.subject, mail.text, (mail.attachments ?? []).map((a) => a.filename)];
  return { key: `message:${createHash('sha256').update(JSON.stringify(content)).digest('base64url')}`, derived: true };
}

/**
 * Whether an earlier send under the same key answers this call instead of a new mail: while it
 * is queued or at the mail server, and once it went out (a derived key only for `repeatWindowMs`,
 * after which the same words may well be meant as a reminder). A send given up sends anew.
 */
export function earlierSendHolds(
  earlier: { queued: boolean; status: 'sending' | 'sent' | 'failed'; sentAt: Date; derived: boolean },
  repeatWindowMs: number,
  now = Date.now(),
): boolean {
  if (earlier.queued) return true;
  if (earlier.status !== 'sent') return false;
  return !earlier.derived || now - earlier.sentAt.getTime() < repeatWindowMs;
}
