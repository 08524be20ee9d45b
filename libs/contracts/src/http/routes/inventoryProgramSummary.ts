import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { RecordIdSchema } from './inventoryLists.js';
import { PurchaseOrderProgramSchema, STANDARD_PO_RESPONSE } from './inventoryPrograms.js';

/**
 * A bulk PO's program as it has run (docs/product.md §11): per item what was ordered, received,
 * allocated to open orders, released on shipped tickets and what is left; the release and storage
 * charges accrued to date; and the run's timeline. Read on the day `asOf`.
 */

const units = z.number();
const money = z.string().describe("two decimals, e.g. '25.00'");

export const ProgramStockSchema = z.object({
  ordered: units,
  /** Null until a receipt names the item. */
  received: units.nullable(),
  /** What the pool holds: received once received, else ordered. */
  pooled: units,
  /** Held for orders and not yet shipped. */
  allocated: units,
  /** Shipped on tickets from this PO. */
  released: units,
  /** Free to sell: neither allocated nor released. */
  remaining: units,
  /** Still at the vendor: pooled less released. */
  atVendor: units,
});

export const PROGRAM_EVENT_KINDS = ['ordered', 'received', 'release', 'expires'] as const;

export const ProgramSummarySchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    vendorName: z.string().nullable(),
    poDate: z.iso.date(),
    asOf: z.iso.date(),
    terms: PurchaseOrderProgramSchema,
    /** Days from `asOf` to the last day of the program: below 0 once it has expired. */
    daysLeft: z.number().int(),
    items: z.array(ProgramStockSchema.extend({ itemId: z.string(), itemName: z.string().nullable() })),
    totals: ProgramStockSchema.extend({ remainingPercent: z.number().describe('remaining as a percent of pooled, to one decimal') }),
    releases: z.object({ shipped: z.number().int(), charges: money.describe('the release charge for each shipped release') }),
    storage: z.object({
      freeUntil: z.iso.date().nullable().describe('the last day of free storage; null: no storage charge'),
      months: z.array(z.object({ from: z.iso.date(), units, charge: money })),
      accrued: money,
      accruedThisMonth: money,
    }),
    /** What has cost so far: releases and storage. */
    chargesToDate: money,
    timeline: z.array(
      z.object({
        kind: z.enum(PROGRAM_EVENT_KINDS),
        date: z.iso.date(),
        quantity: units.nullable(),
        text: z.string(),
        pullTicket: z.object({ id: z.number().int(), ptNumber: z.string(), status: z.string() }).nullable(),
        salesOrder: z.object({ id: z.number().int(), soNumber: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ProgramSummary' });

/** GET /api/dashboard/programs: what of the programs needs the broker this month. */
export const ProgramDashboardSchema = z
  .object({
    /** The calendar month the charges are of, 'YYYY-MM' (the server's, UTC). */
    month: z.string(),
    /** Open bulk POs with units left whose program ends within 30 days or has ended, soonest first (at most 20). */
    expiringSoon: z.array(
      z.object({
        purchaseOrderId: z.number().int(),
        poNumber: z.string(),
        vendorName: z.string().nullable(),
        expiresOn: z.iso.date(),
        daysLeft: z.number().int(),
        remaining: units,
        remainingPercent: z.number().nullable(),
      }),
    ),
    /** What open bulk POs' programs charge this month: releases shipped in it and months of storage begun in it. */
    charges: z.object({ releases: money, storage: money, total: money }),
  })
  .meta({ id: 'ProgramDashboard' });

export const PROGRAM_SUMMARY_ROUTES = [
  {
    method: 'get',
    path: '/api/dashboard/programs',
    caller: 'browser',
    tags: ['programs', 'dashboard'],
    summary: 'Programs ending within 30 days and the charges programs accrue this month',
    responses: { 200: { description: 'What of the programs needs the broker this month', body: ProgramDashboardSchema } },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/:id/program/summary',
    caller: 'browser',
    tags: ['programs'],
    summary: "A bulk PO's program as it has run: stock, releases, charges to date and the timeline",
    params: RecordIdSchema,
    responses: {
      200: { description: 'The program on the day asOf', body: ProgramSummarySchema },
      404: { description: 'No such purchase order in the company' },
      422: STANDARD_PO_RESPONSE,
    },
  },
] as const satisfies readonly RouteContract[];

export type ProgramStock = z.infer<typeof ProgramStockSchema>;
export type ProgramSummary = z.infer<typeof ProgramSummarySchema>;
export type ProgramDashboard = z.infer<typeof ProgramDashboardSchema>;
export type ProgramTimelineEntry = ProgramSummary['timeline'][number];
