import { z } from 'zod';

/**
 * Events svc-documents publishes about e-mail it sent for a tenant, one per final outcome of a
 * send (after its retries), so dashboards can refresh the communication log. Data version 1.
 */
export const DOCUMENTS_EVENTS = {
  emailSent: 'documents.email.sent',
  emailFailed: 'documents.email.failed',
} as const;

export type DocumentsEventType = (typeof DOCUMENTS_EVENTS)[keyof typeof DOCUMENTS_EVENTS];

/**
 * What a logged e-mail is about: a sales order, a purchase order, a pull ticket, an invitation to
 * join the company, or a customer's stock statement (its reference the customer's id).
 */
export const EmailReferenceTypeSchema = z.enum(['SO', 'PO', 'PT', 'INVITATION', 'STATEMENT', 'DIGEST']);
export type EmailReferenceType = z.infer<typeof EmailReferenceTypeSchema>;

export const EmailOutcomeSchema = z.object({
  emailLogId: z.string(),
  subject: z.string(),
  toEmail: z.string(),
  referenceType: EmailReferenceTypeSchema,
  referenceId: z.string(),
  referenceNumber: z.string().nullable(),
  attempts: z.number().int().min(1),
  sentAt: z.iso.datetime({ offset: true }),
  /** The SMTP server's message id; null when the send failed. */
  messageId: z.string().nullable(),
  /** Why the last attempt failed; null when the send succeeded. */
  error: z.string().nullable(),
});
export type EmailOutcome = z.infer<typeof EmailOutcomeSchema>;

/** The data schema of each documents event type, for consumers that validate what they read. */
export const DOCUMENTS_EVENT_SCHEMAS: Record<DocumentsEventType, z.ZodType> = {
  'documents.email.sent': EmailOutcomeSchema,
  'documents.email.failed': EmailOutcomeSchema,
};
