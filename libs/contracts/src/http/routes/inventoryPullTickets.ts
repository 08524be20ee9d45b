import { PULL_TICKET_STATUSES } from '@printpool/domain';
import { z } from 'zod';
import { PullTicketItemSchema } from '../../events/inventory.js';
import { PullTicketListFiltersSchema } from '../orderLists.js';
import type { RouteContract } from '../routeContract.js';
import { listContracts, RecordIdSchema } from './inventoryLists.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { conflictOrProgramRule, ProgramOverrideInputSchema, PullTicketProgramOverrideSchema } from './inventoryReleaseRules.js';

const STATUS_MESSAGE = `Status must be one of ${PULL_TICKET_STATUSES.join(', ')}`;
const SHIP_BY_PAST = 'Ship-by date cannot be in the past';

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
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
        !ISO_TIME.test(value.slice(10)) ||
        Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
        new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
      ) {
        ctx.addIssue({ code: 'custom', message: 'Ship-by date must be a date (YYYY-MM-DD)' });
        return z.NEVER;
      }
      if (date < earliestToday(now())) {
        ctx.addIssue({ code: 'custom', message: SHIP_BY_PAST });
        return z.NEVER;
      }
      return date;
    });

/** PUT /api/pull-tickets/:id (docs/product.md §5 pull ticket edit form); absent fields are left unchanged. `now` is the clock the ship-by date is checked against. */
export function pullTicketUpdateSchema(now: () => Date = () => new Date()) {
  return z.object({
    vendorEmail: optionalEmail('Vendor email must be a valid e-mail address'),
    vendorPhone: optionalText(100, 'Vendor phone must be at most 100 characters'),
    vendorAddress: optionalText(1000, 'Vendor address must be at most 1000 characters'),
    status: z.enum(PULL_TICKET_STATUSES, { error: STATUS_MESSAGE }).optional(),
    notes: optionalText(10_000, 'Notes must be at most 10000 characters'),
    shipByDate: shipByDate(now),
    /** Takes a cancelled ticket back although its release breaks its program's rules (inventoryReleaseRules.ts). */
    override: ProgramOverrideInputSchema.optional(),
  });
}

const ATTACHMENT_PREFIX = '/api/attachments/';

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
    if (!input.customerEmail)
      ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: 'Customer email is required to send the shipping notification' });
    else if (!z.email().safeParse(input.customerEmail).success)
      ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: 'Customer email must be a valid e-mail address' });
  });

/** One line of a partial release: how many units of an order's item this ticket releases. */
export const PullTicketReleaseLineSchema = z
  .object({
    itemId: z
      .string({ error: 'Item must be an item id of the order' })
      .trim()
      .min(1, 'Item must be an item id of the order')
      .max(100, 'Item must be an item id of the order'),
    quantity: z.number({ error: 'Quantity must be a number' }).positive('Quantity must be more than 0'),
  })
  .meta({ id: 'PullTicketReleaseLine' });

/**
 * POST /api/sales-orders/:id/create-pull-ticket: an empty body releases every unit of the order
 * not yet on a ticket that is not cancelled; lines release only those units (docs/product.md §4);
 * force is still read, for callers that confirm another ticket; bulkPoId names the covering
 * bulk PO the broker chose for an order that has none; override releases it although it breaks
 * its program's rules (inventoryReleaseRules.ts).
 */
export const PullTicketCreationSchema = z.object({
  lines: z.array(PullTicketReleaseLineSchema).min(1, 'Release at least one line').optional(),
  force: z.boolean({ error: 'Force must be true or false' }).optional().default(false),
  bulkPoId: z
    .number({ error: 'Bulk purchase order must be a purchase order id' })
    .int('Bulk purchase order must be a purchase order id')
    .positive('Bulk purchase order must be a purchase order id')
    .max(Number.MAX_SAFE_INTEGER, 'Bulk purchase order must be a purchase order id')
    .optional(),
  override: ProgramOverrideInputSchema.optional(),
});

/** A ticket's line; a bundle's components carry the bundle, so the ticket shows what the customer bought. */
export const PullTicketLineSchema = PullTicketItemSchema.extend({
  bundle: z.object({ lineId: z.string().nullable(), itemId: z.string().nullable(), name: z.string().nullable(), quantity: z.number().nullable() }).optional(),
}).meta({ id: 'PullTicketLine' });

/**
 * docs/product.md §3 PullTicket, plus what approval and shipment record (null until they happen).
 * Named PullTicketView: PullTicket is the inventory events' payload (events/inventory.ts).
 */
export const PullTicketSchema = z
  .object({
    id: z.number().int(),
    ptNumber: z.string(),
    /** Null once the sales order is deleted; soNumber keeps the reference. */
    salesOrderId: z.number().int().nullable(),
    soNumber: z.string().nullable(),
    customerName: z.string().nullable(),
    customerEmail: z.string().nullable(),
    customerPhone: z.string().nullable(),
    customerAddress: z.string().nullable(),
    customerShippingAddress: z.string().nullable(),
    vendorName: z.string().nullable(),
    vendorEmail: z.string().nullable(),
    vendorPhone: z.string().nullable(),
    vendorAddress: z.string().nullable(),
    bulkPoNumber: z.string().nullable(),
    /** The purchase order the ticket pulls from, for the link to it; null for tickets made before it was recorded (svc-inventory migration 012). */
    bulkPoId: z.number().int().nullable(),
    status: z.enum(PULL_TICKET_STATUSES),
    notes: z.string().nullable(),
    shipByDate: z.iso.date().nullable(),
    items: z.array(PullTicketLineSchema),
    approvalNotes: z.string().nullable(),
    /** The vendor's proof: a path under /api/attachments/. */
    attachmentPath: z.string().nullable(),
    shippedAt: z.iso.datetime().nullable(),
    /** As the ship dialog recorded them; they go into the customer's notification. */
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    /**
     * When QuickBooks deleted the estimate of the ticket's order (SalesOrder.deletedInQuickbooksAt): the ticket
     * is neither shipped nor e-mailed until the broker cancels it or re-creates the estimate. Null otherwise.
     */
    orderDeletedInQuickbooksAt: z.iso.datetime().nullable(),
    /**
     * What the vendor charges for this release: its program's releaseCharge when the ticket was
     * made, two decimals. For the broker only: never on the vendor's PDF. Null without a bulk PO.
     */
    releaseCharge: z.string().nullable(),
    /** The override the ticket was released under, null when it kept its program's rules (docs/product.md §11). */
    programOverride: PullTicketProgramOverrideSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: VersionSchema,
  })
  .meta({ id: 'PullTicketView' });

/**
 * The ship answer: the ticket, and the customer's e-mail: not asked for (null), sent, queued (the
 * mail server did not take it; it goes out by itself at `nextAttemptAt`), or failed with the
 * reason (it will not go out). The shipment stays recorded whatever became of the e-mail.
 */
export const PullTicketShippedSchema = PullTicketSchema.extend({
  notification: z
    .union([
      z.object({ sent: z.literal(true) }),
      z.object({ sent: z.literal(false), queued: z.literal(true), nextAttemptAt: z.iso.datetime({ offset: true }) }),
      z.object({ sent: z.literal(false), error: z.string() }),
    ])
    .nullable(),
}).meta({ id: 'PullTicketShipped' });

const tags = ['pull-tickets'] as const;
const ticket = (description: string) => ({ description, body: PullTicketSchema, headers: { ETag: "The ticket's version, quoted: send it back in If-Match" } });

/** The Pull Tickets page's routes (svc-inventory/src/routes/pullTickets.ts, docs/product.md §2, §5), creation from a sales order, and svc-documents' mark-sent. */
export const PULL_TICKET_ROUTES = [
  ...listContracts({ path: '/api/pull-tickets', tags, rows: 'pull tickets', filters: PullTicketListFiltersSchema, row: PullTicketSchema }),
  {
    method: 'get',
    path: '/api/pull-tickets/:id',
    caller: 'browser',
    tags,
    summary: 'One pull ticket',
    params: RecordIdSchema,
    responses: { 200: ticket('The ticket') },
  },
  {
    method: 'put',
    path: '/api/pull-tickets/:id',
    caller: 'browser',
    tags,
    summary: "Edit the ticket's vendor contact, status, notes and ship-by date",
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    body: pullTicketUpdateSchema(),
    responses: {
      200: ticket('The ticket as saved'),
      422: { description: 'The estimate of its order was deleted in QuickBooks: only cancelling the ticket is saved' },
      409: conflictOrProgramRule(
        'VERSION_CONFLICT: the ticket changed since the version in If-Match; details hold it as it now is and each field that differs (taking a cancelled ticket back releases it again)',
      ),
    },
  },
  {
    method: 'delete',
    path: '/api/pull-tickets/:id',
    caller: 'browser',
    tags,
    summary: 'Delete the ticket',
    params: RecordIdSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  {
    method: 'post',
    path: '/api/pull-tickets/:id/approve',
    caller: 'browser',
    tags,
    summary: "Record the vendor's approval of a sent ticket, with its notes and proof; the ticket becomes processing",
    params: RecordIdSchema,
    body: PullTicketApprovalSchema,
    responses: { 200: ticket('The approved ticket'), 422: { description: 'The ticket is not sent' } },
  },
  {
    method: 'post',
    path: '/api/pull-tickets/:id/ship',
    caller: 'browser',
    tags,
    summary: 'Record the shipment and (by default) e-mail the customer; a shipped ticket only sends the e-mail again',
    params: RecordIdSchema,
    body: PullTicketShipmentSchema,
    responses: {
      200: { description: 'The shipped ticket and how its e-mail went', body: PullTicketShippedSchema },
      422: { description: 'The ticket is cancelled, has no bulk PO for a vendor to pull from, or the estimate of its order was deleted in QuickBooks' },
    },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/create-pull-ticket',
    caller: 'browser',
    tags,
    summary: 'Open the pull ticket of an accepted QuickBooks order (docs/product.md §4)',
    params: RecordIdSchema,
    body: PullTicketCreationSchema,
    responses: {
      201: ticket('The new ticket'),
      409: conflictOrProgramRule(
        'Every unit of the order is already on a ticket that is not cancelled; details name the latest (a line releasing more than is left is a 400 naming lines.N.quantity)',
      ),
      422: { description: 'Not an accepted QuickBooks order, or no bulk PO (chosen or drawn) covers it' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/pull-tickets/:id/mark-sent',
    caller: 'service',
    tags,
    summary: 'svc-documents records that it e-mailed the ticket to the vendor',
    params: RecordIdSchema,
    responses: { 200: ticket('The ticket, sent'), 422: { description: 'The goods have left, or the ticket is cancelled' } },
  },
] as const satisfies readonly RouteContract[];

export type PullTicketUpdate = z.output<ReturnType<typeof pullTicketUpdateSchema>>;
export type PullTicketApproval = z.output<typeof PullTicketApprovalSchema>;
export type PullTicketShipment = z.output<typeof PullTicketShipmentSchema>;
export type PullTicketCreation = z.output<typeof PullTicketCreationSchema>;
export type PullTicketReleaseLine = z.infer<typeof PullTicketReleaseLineSchema>;
export type PullTicketLine = z.infer<typeof PullTicketLineSchema>;
export type PullTicket = z.infer<typeof PullTicketSchema>;
export type PullTicketShipped = z.infer<typeof PullTicketShippedSchema>;
