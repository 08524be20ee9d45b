import { z } from 'zod';
import { statementPeriodProblem, STATEMENT_MAX_DAYS } from '@printpool/domain';
import type { RouteContract } from '../routeContract.js';
import { RecordIdSchema } from './inventoryLists.js';

/**
 * A customer's stock statement (docs/product.md §12): per item, what is held for them at vendors
 * now, what was released to them in a period and how long what is left lasts. It goes to the
 * customer, so it carries nothing of the broker's buying: no vendor, no PO, no cost, no price.
 */

const units = z.number();
const day = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

/** The days a statement covers, both included; either may be left out of a PDF's query (the last full calendar month's). */
export const StatementPeriodQuerySchema = z.object({
  from: day.optional().meta({ description: 'The first day, YYYY-MM-DD; by default the first of the last full calendar month' }),
  to: day.optional().meta({ description: 'The last day, YYYY-MM-DD; by default the last of the last full calendar month' }),
});

const periodShape = { from: day, to: day };

/** Refuses a period that runs backwards or over STATEMENT_MAX_DAYS, naming the field (libs/domain statementPeriod.ts). */
const checkPeriod = (period: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = statementPeriodProblem(period);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

/** A period named in full: from ≤ to, at most STATEMENT_MAX_DAYS days. */
export const StatementPeriodSchema = z
  .object(periodShape)
  .superRefine(checkPeriod)
  .meta({ description: `The days a statement covers, both included, at most ${STATEMENT_MAX_DAYS}` });

/** One release of the item to the customer in the period: a shipped pull ticket's line. */
export const StatementReleaseSchema = z.object({
  /** The day the ticket shipped (UTC). */
  shippedOn: z.iso.date(),
  pullTicketId: z.number().int(),
  ptNumber: z.string(),
  quantity: units,
});

/** A program holding the item for the customer, by when it ends (docs/product.md §11); which PO and vendor it is stays the broker's. */
export const StatementProgramSchema = z.object({
  expiresOn: z.iso.date(),
  daysLeft: z.number().int(),
  /** Of the item, held at the vendor on it. */
  atVendor: units,
});

export const CustomerStatementItemSchema = z.object({
  itemId: z.string(),
  itemName: z.string().nullable(),
  /** Held for the customer at vendors now, as the stock read counts it (docs/product.md §12). */
  atVendor: units,
  /** Of that, held for their open orders. */
  allocated: units,
  /** Of that, free for new orders. */
  remaining: units,
  /** Released to the customer in the period: the releases below, added up. */
  releasedInPeriod: units,
  /** Oldest first. */
  releases: z.array(StatementReleaseSchema),
  monthsOfSupply: z.number().nullable(),
  runOutOn: z.iso.date().nullable(),
  /** The soonest to end first. */
  programs: z.array(StatementProgramSchema),
});

export const CustomerStatementSchema = z
  .object({
    customerId: z.number().int(),
    customerName: z.string(),
    /** Where the statement is e-mailed: the customer's address in QuickBooks; null when it has none. */
    customerEmail: z.string().nullable(),
    /** The day the stock is read on (the server's, UTC). */
    asOf: z.iso.date(),
    from: z.iso.date(),
    to: z.iso.date(),
    /** Every item held for the customer, and every item released to them in the period, by name. */
    items: z.array(CustomerStatementItemSchema),
  })
  .meta({ id: 'CustomerStatement' });

/** svc-inventory's side of the statement: svc-documents reads it to render and send the PDF. */
export const CUSTOMER_STATEMENT_ROUTES = [
  {
    method: 'get',
    path: '/api/internal/customers/:id/statement',
    caller: 'service',
    tags: ['catalog', 'documents'],
    summary: "What a customer's statement shows: their stock now, and what was released to them in the period (svc-documents renders it)",
    params: RecordIdSchema,
    query: StatementPeriodSchema,
    responses: {
      200: { description: 'The statement’s figures', body: CustomerStatementSchema },
      400: { description: 'The period is not a statement’s (the field is named)' },
      404: { description: 'No such customer in the company' },
    },
  },
] as const satisfies readonly RouteContract[];

/** `from` and `to` of a statement's e-mail, its subject and message (defaults when left out). */
export const StatementEmailInputSchema = z
  .object({
    ...periodShape,
    subject: z
      .string()
      .max(300)
      .nullish()
      .transform((v) => v ?? undefined),
    message: z
      .string()
      .max(20_000)
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .superRefine(checkPeriod);

/**
 * A customer's monthly statement (docs/product.md §12): when on, the statement of each calendar
 * month is e-mailed to the customer once that month is over, and logged like every mail.
 */
export const StatementScheduleSchema = z
  .object({
    customerId: z.number().int(),
    monthly: z.boolean(),
    /** The last month whose statement the schedule sent ('YYYY-MM'); null before the first. */
    lastSentMonth: z.string().nullable(),
    /** The day the next statement goes (UTC), for the month before it; null when off. */
    nextSendOn: day.nullable(),
    /** The schedule's version: a change names it in If-Match. */
    version: z.string(),
  })
  .meta({ id: 'StatementSchedule' });

/** PUT /api/customers/:id/statement/schedule. */
export const StatementScheduleInputSchema = z.object({ monthly: z.boolean({ error: 'Monthly must be true or false' }) }).meta({ id: 'StatementScheduleInput' });

export type StatementSchedule = z.infer<typeof StatementScheduleSchema>;
export type StatementScheduleInput = z.infer<typeof StatementScheduleInputSchema>;
export type StatementPeriodQuery = z.infer<typeof StatementPeriodQuerySchema>;
export type StatementRelease = z.infer<typeof StatementReleaseSchema>;
export type StatementProgram = z.infer<typeof StatementProgramSchema>;
export type CustomerStatementItem = z.infer<typeof CustomerStatementItemSchema>;
export type CustomerStatement = z.infer<typeof CustomerStatementSchema>;
export type StatementEmailInput = z.input<typeof StatementEmailInputSchema>;
