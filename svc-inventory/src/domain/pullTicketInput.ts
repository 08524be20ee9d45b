import { z } from 'zod';
import { PULL_TICKET_STATUSES } from './pullTicketStatus.js';

export const STATUS_MESSAGE = `Status must be one of ${PULL_TICKET_STATUSES.join(', ')}`;
export const SHIP_BY_PAST = 'Ship-by date cannot be in the past';

/** '' and null clear an optional text field; absent leaves it as it is. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .pipe(z.email(message).nullish());

/**
 * Today's date where the day began last (UTC−12). A ship-by date is refused only when it is
 * in the past for everyone, so a broker late in the day in any zone can still pick today.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/** An ISO timestamp's time and zone after its date. */
const ISO_TIME = /^(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** YYYY-MM-DD, or an ISO timestamp whose date part is taken (a date input sends the former). */
const shipByDate = (now: () => Date) =>
  z
    .string({ error: 'Ship-by date must be a date (YYYY-MM-DD)' })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!value) return null;
      const date = value.slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !ISO_TIME.test(value.slice(10)) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
        ctx.addIssue({ code: 'custom', message: 'Ship-by date must be a date (YYYY-MM-DD)' });
        return z.NEVER;
      }
      if (date < earliestToday(now())) {
        ctx.addIssue({ code: 'custom', message: SHIP_BY_PAST });
        return z.NEVER;
      }
      return date;
    });

/** PUT /api/pull-tickets/:id (docs/product.md §5 pull ticket edit form); absent fields are left unchanged. */
export function pullTicketUpdateSchema(now: () => Date = () => new Date()) {
  return z.object({
    vendorEmail: optionalEmail('Vendor email must be a valid e-mail address'),
    vendorPhone: optionalText(100, 'Vendor phone must be at most 100 characters'),
    vendorAddress: optionalText(1000, 'Vendor address must be at most 1000 characters'),
    status: z.enum(PULL_TICKET_STATUSES, { error: STATUS_MESSAGE }).optional(),
    notes: optionalText(10_000, 'Notes must be at most 10000 characters'),
    shipByDate: shipByDate(now),
  });
}
export type PullTicketUpdate = z.output<ReturnType<typeof pullTicketUpdateSchema>>;

export const ATTACHMENT_PREFIX = '/api/attachments/';

/**
 * An attachment svc-documents stored: a path under /api/attachments/ whose segments are plain
 * names, so a stored path can never point anywhere else (no '..', no other host).
 */
export function isAttachmentPath(path: string): boolean {
  if (!path.startsWith(ATTACHMENT_PREFIX) || path.length > 500) return false;
  const segments = path.slice(ATTACHMENT_PREFIX.length).split('/');
  return segments.every((segment) => {
    if (!/^[A-Za-z0-9._~%-]+$/.test(segment)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return decoded !== '.' && decoded !== '..' && !/[/\\\0]/.test(decoded);
  });
}

/** POST /api/pull-tickets/:id/approve. */
export const PullTicketApprovalSchema = z.object({
  approvalNotes: optionalText(10_000, 'Approval notes must be at most 10000 characters'),
  attachmentPath: z
    .string({ error: 'Attachment path must be a path under /api/attachments/' })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isAttachmentPath(value), 'Attachment path must be a path under /api/attachments/'),
});
export type PullTicketApproval = z.output<typeof PullTicketApprovalSchema>;

/** POST /api/pull-tickets/:id/ship (docs/product.md §5 ship dialog): e-mail is on by default and then needs the customer's address. */
export const PullTicketShipmentSchema = z
  .object({
    sendEmail: z.boolean({ error: 'Send e-mail must be true or false' }).default(true),
    customerEmail: z
      .string({ error: 'Customer email must be a valid e-mail address' })
      .trim()
      .max(254, 'Customer email must be a valid e-mail address')
      .nullish()
      .transform((value) => value || null),
    // Optional: goods collected or delivered by the vendor's own van have no tracking number; absent keeps what was recorded.
    carrier: optionalText(100, 'Carrier must be at most 100 characters'),
    trackingNumber: optionalText(100, 'Tracking number must be at most 100 characters'),
    emailSubject: optionalText(300, 'E-mail subject must be at most 300 characters'),
    emailBody: optionalText(20_000, 'E-mail body must be at most 20000 characters'),
  })
  .superRefine((input, ctx) => {
    if (!input.sendEmail) return;
    if (!input.customerEmail) ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: 'Customer email is required to send the shipping notification' });
    else if (!z.email().safeParse(input.customerEmail).success) ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: 'Customer email must be a valid e-mail address' });
  });
export type PullTicketShipment = z.output<typeof PullTicketShipmentSchema>;

/**
 * POST /api/sales-orders/:id/create-pull-ticket: an empty body, or force to open another ticket
 * beside an open one; bulkPoId names the covering bulk PO the broker chose for an order that has none.
 */
export const PullTicketCreationSchema = z.object({
  force: z.boolean({ error: 'Force must be true or false' }).optional().default(false),
  bulkPoId: z
    .number({ error: 'Bulk purchase order must be a purchase order id' })
    .int('Bulk purchase order must be a purchase order id')
    .positive('Bulk purchase order must be a purchase order id')
    .max(Number.MAX_SAFE_INTEGER, 'Bulk purchase order must be a purchase order id')
    .optional(),
});
export type PullTicketCreation = z.output<typeof PullTicketCreationSchema>;

/** 'Pull Ticket PT-000001 - Shipped' (docs/product.md §9). */
export const shipmentSubject = (ptNumber: string) => `Pull Ticket ${ptNumber} - Shipped`;
