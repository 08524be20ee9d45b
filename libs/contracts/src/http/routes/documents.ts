import { z } from 'zod';
import { EmailReferenceTypeSchema } from '../../events/documents.js';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotencyKey.js';
import { MemberRoleSchema } from '../memberRole.js';
import type { RouteContract } from '../routeContract.js';
import { StatementEmailInputSchema, StatementPeriodQuerySchema, StatementScheduleInputSchema, StatementScheduleSchema } from './inventoryCustomerStatement.js';
import { IfMatchHeadersSchema } from '../versionHeaders.js';
import { InventoryAlertSchema } from './inventoryCustomerStock.js';

export const EMAIL_REQUIRED = 'Email Required: Please enter an email address';

/** A required, valid address; every failure names its message in docs/product.md §5. */
const requiredEmail = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .max(254, 'Email address must be at most 254 characters')
  .pipe(z.email({ error: EMAIL_REQUIRED }));
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? undefined);

/** The Email Pull Ticket dialog: the vendor's address, and a subject and message that replace the defaults. */
export const EmailPullTicketInputSchema = z.object({ emailAddress: requiredEmail, subject: optionalText(300), message: optionalText(20_000) });

/** Send Estimate: to the order's customer, with an optional subject and message. */
export const SendEstimateInputSchema = z.object({ subject: optionalText(300), message: optionalText(20_000) });

/** svc-inventory's request for the customer's shipment notice when a pull ticket ships. */
export const ShipmentNotificationInputSchema = z.object({
  pullTicketId: z.union([z.string().min(1), z.number().int()]).transform(String),
  customerEmail: requiredEmail,
  subject: optionalText(300),
  body: optionalText(20_000),
  // How the goods left and what left, as the ticket recorded them.
  carrier: optionalText(100),
  trackingNumber: optionalText(100),
  items: z
    .array(
      z.object({
        name: z.string().max(500).nullish(),
        sku: z.string().max(200).nullish(),
        description: z.string().max(4000).nullish(),
        quantity: z.number().finite(),
      }),
    )
    .max(5000)
    .default([]),
});

/** The gateway's request for the e-mail of an invitation to join the company (svc-gateway/src/team/invitations.ts). */
/** POST /api/internal/notifications/alert-digest: a company's stock alerts new since its last digest, for one owner or staff member (docs/product.md §12). */
export const AlertDigestMailInputSchema = z.object({
  email: requiredEmail,
  /** The company as the gateway names it; QuickBooks' name, when documents has it, comes first. */
  companyName: z.string().min(1).max(300),
  asOf: z.iso.date(),
  alerts: z.array(InventoryAlertSchema).min(1).max(1000),
  /** Where the product is opened, for the links to each customer's stock and each program. */
  appOrigin: z.url({ protocol: /^https?$/ }).max(500),
});

export const InvitationMailInputSchema = z.object({
  invitationId: z.string().min(1).max(64),
  email: requiredEmail,
  role: MemberRoleSchema,
  /** The inviting member's name. */
  invitedBy: z.string().min(1).max(300),
  /** The company as the gateway names it; QuickBooks' name, when documents has it, comes first. */
  companyName: z.string().min(1).max(300),
  /** The absolute link that signs the person in and joins them to the company. */
  link: z.url({ protocol: /^https?$/ }).max(2000),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** A communication log entry (docs/product.md §3 Email log) with the outcome of its send. */
export const EmailLogSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    toEmail: z.string(),
    sentAt: z.string(),
    referenceType: EmailReferenceTypeSchema,
    referenceId: z.string(),
    referenceNumber: z.string().nullable(),
    /** 'sending' from the moment the entry is written until the mail server answered. */
    status: z.enum(['sending', 'sent', 'failed']),
    error: z.string().nullable(),
    attempts: z.number().int(),
    /** The member who sent it, named as they were then; null for mail logged before members were named. */
    sentBy: z.string().nullable(),
  })
  .meta({ id: 'EmailLog' });

/** The newest `limit` entries; with `referenceType` and `referenceId`, only those sent for that document (its History tab, docs/product.md §10). */
export const EmailLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  referenceType: EmailReferenceTypeSchema.optional(),
  referenceId: z
    .string()
    .regex(/^\d{1,15}$/, 'referenceId must be a document id')
    .optional(),
});

export const EmailSentSchema = z.object({ message: z.string(), emailLog: EmailLogSchema }).meta({ id: 'EmailSent' });
/** A send that went out (200); for a browser's, the same answer to every later call with its Idempotency-Key. */
export const EstimateSentSchema = EmailSentSchema.extend({ status: z.literal('sent') }).meta({ id: 'EstimateSent' });
export const PullTicketEmailedSchema = EstimateSentSchema.extend({
  /** Whether the ticket was marked sent; when not, the log entry's error says why. */
  statusUpdated: z.boolean(),
}).meta({ id: 'PullTicketEmailed' });

/**
 * A browser's send the mail server did not take (202): it is kept and sent again at
 * `nextAttemptAt`, so the broker must not send it again (docs/product.md §2, svc-documents
 * README "E-mail"). The log entry is 'failed' until a resend goes out, or 'sending' while
 * another call with the same key is still at the mail server.
 */
export const EmailQueuedSchema = z
  .object({ status: z.literal('queued'), message: z.string(), emailLog: EmailLogSchema, nextAttemptAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'EmailQueued' });

/**
 * What a service's request for a notice (shipment, invitation) answers: sent (200), or queued
 * (202) and sent again at `nextAttemptAt` by itself, so the caller tells its user when, not that it failed.
 */
export const MailOutcomeSchema = z.discriminatedUnion('status', [EstimateSentSchema, EmailQueuedSchema]).meta({ id: 'MailOutcome' });
export type MailOutcome = z.infer<typeof MailOutcomeSchema>;

/** What the Email Pull Ticket dialog's send answers: sent, or queued with its next attempt. */
export const PullTicketEmailOutcomeSchema = z.discriminatedUnion('status', [PullTicketEmailedSchema, EmailQueuedSchema]);
/** What Send Estimate answers: sent, or queued with its next attempt. */
export const EstimateEmailOutcomeSchema = z.discriminatedUnion('status', [EstimateSentSchema, EmailQueuedSchema]);

/**
 * One key per user action (the dialog's send), reused when the action is retried: a second call
 * with it sends nothing and answers the first call's outcome. Letters, digits and `-_.:` only, as
 * a UUID or a ULID is, so it is stored and compared as it came.
 */
export const SendHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'must be 8 to 128 letters, digits or - _ . :')
    .optional()
    .meta({ description: "One per user action, sent again with the action's retry: a second call answers the first call's outcome and sends nothing" }),
});

export const AttachmentUploadFieldsSchema = z.object({ pullTicketId: z.string().trim().min(1).max(64).optional() });
export const AttachmentSchema = z
  .object({ id: z.string(), path: z.string(), fileName: z.string(), contentType: z.string(), size: z.number().int() })
  .meta({ id: 'Attachment' });

const OrderIdSchema = z.object({ id: z.string() });
/** A document's PDF route; its path keeps its literal type, so routeCall.ts names and types the route. */
const pdf = <const P extends string>(summary: string, path: P) =>
  ({
    method: 'get',
    path,
    caller: 'browser',
    tags: ['documents'],
    summary,
    params: OrderIdSchema,
    responses: {
      200: { description: 'The PDF, named for download', contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment; filename="…"' } },
    },
  }) as const satisfies RouteContract;

/** svc-documents' routes: PDFs, e-mail, the communication log and attachments. */
export const DOCUMENTS_ROUTES = [
  pdf("A pull ticket's PDF", '/api/pull-tickets/:id/pdf'),
  pdf("A sales order's PDF", '/api/sales-orders/:id/pdf'),
  pdf("A purchase order's PDF", '/api/purchase-orders/:id/pdf'),
  {
    method: 'post',
    path: '/api/pull-tickets/:id/email',
    caller: 'browser',
    tags: ['documents'],
    summary: 'E-mail the pull ticket with its PDF to the vendor, log it, and mark the ticket sent',
    params: OrderIdSchema,
    headers: SendHeadersSchema,
    body: EmailPullTicketInputSchema,
    responses: {
      200: { description: 'Sent (now, or by the call that first used the Idempotency-Key)', body: PullTicketEmailedSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      502: { description: 'MAIL_SEND_FAILED: the mail server did not take it and nothing will send it again (MAIL_MAX_RESENDS=0); the failure is logged' },
      422: { description: 'The Idempotency-Key was used for another e-mail, or the estimate of the ticket’s order was deleted in QuickBooks' },
    },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/send-estimate',
    caller: 'browser',
    tags: ['documents'],
    summary: "E-mail the sales order's PDF to its customer and log it",
    params: OrderIdSchema,
    headers: SendHeadersSchema,
    body: SendEstimateInputSchema,
    responses: {
      200: { description: 'Sent (now, or by the call that first used the Idempotency-Key)', body: EstimateSentSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      502: { description: 'MAIL_SEND_FAILED: the mail server did not take it and nothing will send it again (MAIL_MAX_RESENDS=0); the failure is logged' },
      422: { description: 'The order has no customer e-mail, or the Idempotency-Key was used for another e-mail' },
    },
  },
  {
    method: 'get',
    path: '/api/customers/:id/statement.pdf',
    caller: 'browser',
    tags: ['documents'],
    summary: "A customer's stock statement: per item held at vendors, released in the period, remaining, months of supply and programs ending",
    description: 'No vendor, cost or price appears on it (docs/product.md §12). The period defaults to the last full calendar month.',
    params: OrderIdSchema,
    query: StatementPeriodQuerySchema,
    responses: {
      200: { description: 'The PDF, named for download', contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment; filename="…"' } },
      400: { description: 'from or to is not a date, runs backwards, or spans more than 366 days (the field is named)' },
      404: { description: 'No such customer in the company' },
    },
  },
  {
    method: 'post',
    path: '/api/customers/:id/statement/email',
    caller: 'browser',
    tags: ['documents'],
    summary: "E-mail a customer's stock statement for a period to the customer's address, and log it",
    params: OrderIdSchema,
    headers: SendHeadersSchema,
    body: StatementEmailInputSchema,
    responses: {
      200: { description: 'Sent (now, or by the call that first used the Idempotency-Key)', body: EstimateSentSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      400: { description: 'from or to is not a date, runs backwards, or spans more than 366 days (the field is named)' },
      404: { description: 'No such customer in the company' },
      422: { description: 'The customer has no e-mail address, or the Idempotency-Key was used for another e-mail' },
      502: { description: 'MAIL_SEND_FAILED: the mail server did not take it and nothing will send it again (MAIL_MAX_RESENDS=0); the failure is logged' },
    },
  },
  {
    method: 'get',
    path: '/api/customers/:id/statement/schedule',
    caller: 'browser',
    tags: ['documents'],
    summary: "Whether the customer's statement is e-mailed to them each month, the last month sent and the day of the next",
    params: OrderIdSchema,
    responses: {
      200: { description: 'The schedule (off until turned on)', body: StatementScheduleSchema },
      404: { description: 'No such customer in the company' },
    },
  },
  {
    method: 'put',
    path: '/api/customers/:id/statement/schedule',
    caller: 'browser',
    tags: ['documents'],
    summary: "Turn the customer's monthly statement on or off: once on, each month's statement goes to the customer's e-mail on the 1st of the next",
    params: OrderIdSchema,
    headers: IfMatchHeadersSchema,
    body: StatementScheduleInputSchema,
    responses: {
      200: { description: 'The schedule as saved', body: StatementScheduleSchema },
      400: { description: 'monthly is not true or false' },
      404: { description: 'No such customer in the company' },
      409: { description: 'VERSION_CONFLICT: the schedule changed since the version in If-Match; details hold it as it now is' },
      422: { description: 'The customer has no e-mail address to send it to (details.field customerEmail)' },
    },
  },
  {
    method: 'get',
    path: '/api/email-logs',
    caller: 'browser',
    tags: ['documents'],
    summary: "The tenant's communication log, newest first",
    query: EmailLogsQuerySchema,
    responses: { 200: { description: 'Log entries', body: z.array(EmailLogSchema) } },
  },
  {
    method: 'post',
    path: '/api/attachments',
    caller: 'browser',
    tags: ['documents'],
    summary: 'Upload an approval attachment (PDF or image, checked by its content: anything else answers 400)',
    bodyContentType: 'multipart/form-data',
    body: z.object({ file: z.string().meta({ format: 'binary' }), pullTicketId: z.string().optional() }),
    responses: {
      201: { description: 'Stored', body: AttachmentSchema },
      413: { description: 'Larger than the upload limit' },
      415: { description: 'Not a multipart/form-data body' },
    },
  },
  {
    method: 'get',
    path: '/api/attachments/:id',
    caller: 'browser',
    tags: ['documents'],
    summary: 'Download an attachment of the tenant',
    params: OrderIdSchema,
    responses: { 200: { description: 'The file as uploaded', contentType: 'application/octet-stream' } },
  },
  {
    method: 'post',
    path: '/api/internal/notifications/shipment',
    caller: 'service',
    tags: ['documents'],
    summary: "Send the customer's shipment notice of a pull ticket (svc-inventory, when it ships)",
    body: ShipmentNotificationInputSchema,
    responses: {
      200: { description: 'Sent', body: EstimateSentSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      502: { description: 'MAIL_SEND_FAILED: the mail server refused and no resend is configured (MAIL_MAX_RESENDS=0); the failure is logged' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/notifications/alert-digest',
    caller: 'service',
    tags: ['documents'],
    summary: "E-mail a company's digest of new stock alerts to one of its owners or staff (the gateway, on inventory.alerts.digest)",
    headers: SendHeadersSchema,
    body: AlertDigestMailInputSchema,
    responses: {
      200: { description: 'Sent (now, or by the call that first used the Idempotency-Key)', body: EstimateSentSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      502: { description: 'MAIL_SEND_FAILED: the mail server refused and no resend is configured (MAIL_MAX_RESENDS=0); the failure is logged' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/notifications/invitation',
    caller: 'service',
    tags: ['documents'],
    summary: 'E-mail an invitation to join the company (the gateway, when an owner invites)',
    body: InvitationMailInputSchema,
    responses: {
      200: { description: 'Sent', body: EstimateSentSchema },
      202: { description: 'The mail server did not take it: queued, sent again at nextAttemptAt', body: EmailQueuedSchema },
      502: { description: 'MAIL_SEND_FAILED: the mail server refused and no resend is configured (MAIL_MAX_RESENDS=0); the failure is logged' },
    },
  },
] as const satisfies readonly RouteContract[];

export type EmailPullTicketInput = z.input<typeof EmailPullTicketInputSchema>;
export type ShipmentNotification = z.output<typeof ShipmentNotificationInputSchema>;
export type ShipmentNotificationInput = z.input<typeof ShipmentNotificationInputSchema>;
export type InvitationMail = z.output<typeof InvitationMailInputSchema>;
export type AlertDigestMail = z.output<typeof AlertDigestMailInputSchema>;
export type InvitationMailInput = z.input<typeof InvitationMailInputSchema>;
export type EmailLog = z.infer<typeof EmailLogSchema>;
export type EmailQueued = z.infer<typeof EmailQueuedSchema>;
export type PullTicketEmailOutcome = z.infer<typeof PullTicketEmailOutcomeSchema>;
export type EstimateEmailOutcome = z.infer<typeof EstimateEmailOutcomeSchema>;
export type Attachment = z.infer<typeof AttachmentSchema>;
