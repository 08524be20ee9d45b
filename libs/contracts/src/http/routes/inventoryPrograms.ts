import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { RecordIdSchema } from './inventoryLists.js';
import { money, units } from './numberInputs.js';

/**
 * A bulk purchase order's inventory program (docs/product.md §11): the terms the broker runs it
 * by with the vendor. PrintPool's own: nothing here is ever written to QuickBooks.
 */

/** How a storage charge counts: one amount a month, or an amount a month per 1,000 units stored. */
export const STORAGE_CHARGE_BASES = ['flat', 'per1000'] as const;
/** Where a PO's terms come from: its own, its vendor's defaults, or the product's. */
export const PROGRAM_SOURCES = ['purchase-order', 'vendor-defaults', 'defaults'] as const;

export const PROGRAM_NOTES_MAX = 2000;
export const MAX_FREE_STORAGE_DAYS = 3650;
export const MAX_PLANNED_RELEASES = 10_000;
export const MAX_TERM_MONTHS = 120;
export const MAX_LEAD_TIME_DAYS = 365;
/** A vendor's name as purchase orders carry it: QuickBooks' DisplayName, at most 500 characters here. */
export const MAX_VENDOR_NAME = 500;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const notes = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(PROGRAM_NOTES_MAX, `Notes must be at most ${PROGRAM_NOTES_MAX} characters`)
  .transform((text) => text || null);

const storageChargeBasis = z.enum(STORAGE_CHARGE_BASES, { error: "Storage charge basis must be 'flat' or 'per1000'" });

/**
 * The terms a save may send. A field left out keeps the value the record answers now (its own,
 * or the defaults it reads); null, where a field allows it, means none (no minimum release, no
 * free storage, no storage charge).
 */
const termsInput = {
  minReleaseQuantity: units('Minimum release quantity').nullable().optional(),
  releaseCharge: money('Release charge').optional(),
  freeStorageDays: wholeNumber('Free storage days', 0, MAX_FREE_STORAGE_DAYS).nullable().optional(),
  storageChargePerMonth: money('Storage charge per month').nullable().optional(),
  storageChargeBasis: storageChargeBasis.optional(),
  tolerancePercent: wholeNumber('Tolerance', 0, 100).optional(),
  notes: notes.nullable().optional(),
};

/** PUT /api/purchase-orders/:id/program: the PO's own terms, which win over any defaults from then on. */
export const PurchaseOrderProgramInputSchema = z
  .object({
    ...termsInput,
    expiresOn: z.iso.date({ error: 'Expires on must be a date (YYYY-MM-DD)' }).optional(),
    plannedReleases: wholeNumber('Planned releases', 1, MAX_PLANNED_RELEASES).nullable().optional(),
  })
  .meta({ id: 'PurchaseOrderProgramInput' });

/** PUT /api/vendors/:vendorName/program-defaults: what a bulk PO of the vendor without terms of its own reads. */
export const VendorProgramDefaultsInputSchema = z
  .object({
    ...termsInput,
    termMonths: wholeNumber('Term', 1, MAX_TERM_MONTHS).optional(),
    leadTimeDays: wholeNumber('Lead time', 0, MAX_LEAD_TIME_DAYS).optional(),
  })
  .meta({ id: 'VendorProgramDefaultsInput' });

/** The terms as they read: every field, defaults filled in. */
const ProgramTermsSchema = z.object({
  /** Units the vendor releases at least per release; null: no minimum. */
  minReleaseQuantity: z.number().nullable(),
  /** What the vendor charges per release, two decimals ('25.00'). */
  releaseCharge: z.string(),
  /** Days the vendor stores the goods free, counted from the PO's date; null: not agreed. */
  freeStorageDays: z.number().int().nullable(),
  /** The storage charge a month after the free days, two decimals; null: none. */
  storageChargePerMonth: z.string().nullable(),
  storageChargeBasis: z.enum(STORAGE_CHARGE_BASES),
  /** How far, in percent, a delivered quantity may be over or under the ordered one. */
  tolerancePercent: z.number().int(),
  notes: z.string().nullable(),
});

/** GET /api/purchase-orders/:id/program: the PO's own terms, else its vendor's defaults, else the product's. */
export const PurchaseOrderProgramSchema = ProgramTermsSchema.extend({
  purchaseOrderId: z.number().int(),
  poNumber: z.string(),
  vendorName: z.string().nullable(),
  /** The last day of the program: by default the PO's date plus the vendor's term (12 months unless its defaults say otherwise). */
  expiresOn: z.iso.date(),
  /** How many releases the broker expects to call off; null: not planned. */
  plannedReleases: z.number().int().nullable(),
  source: z.enum(PROGRAM_SOURCES),
  version: VersionSchema,
}).meta({ id: 'PurchaseOrderProgram' });

/** GET /api/vendors/:vendorName/program-defaults: the vendor's defaults, else the product's. */
export const VendorProgramDefaultsSchema = ProgramTermsSchema.extend({
  vendorName: z.string(),
  /** Months from a PO's date to the end of its program. */
  termMonths: z.number().int(),
  /** Days from ordering a run to its arrival; a customer item's reorder point keeps this and a month more by default (docs/product.md §12). */
  leadTimeDays: z.number().int(),
  source: z.enum(['vendor-defaults', 'defaults']),
  version: VersionSchema,
}).meta({ id: 'VendorProgramDefaults' });

/** The vendor as purchase orders name it, URL-encoded in the path; matched exactly (case and spaces included). */
export const VendorNameParamsSchema = z.object({ vendorName: z.string().min(1).max(MAX_VENDOR_NAME) });

export const NOT_A_BULK_PURCHASE_ORDER = 'Only bulk purchase orders have a program';

const tags = ['programs'] as const;
const program = (description: string) => ({
  description,
  body: PurchaseOrderProgramSchema,
  headers: { ETag: "The program's version, quoted: send it back in If-Match" },
});
const defaults = (description: string) => ({
  description,
  body: VendorProgramDefaultsSchema,
  headers: { ETag: "The defaults' version, quoted: send it back in If-Match" },
});
/** A receipt or a program of a standard PO: 422. */
export const STANDARD_PO_RESPONSE = { description: `A standard purchase order: '${NOT_A_BULK_PURCHASE_ORDER}: {PO number} is a standard purchase order'` };

/** Program terms of bulk POs and their vendors' defaults (svc-inventory/src/routes/programs.ts). */
export const PROGRAM_ROUTES = [
  {
    method: 'get',
    path: '/api/purchase-orders/:id/program',
    caller: 'browser',
    tags,
    summary: "A bulk PO's program terms: its own, else its vendor's defaults, else the product's",
    params: RecordIdSchema,
    responses: {
      200: program('The terms, and where they come from'),
      404: { description: 'No such purchase order in the company' },
      422: STANDARD_PO_RESPONSE,
    },
  },
  {
    method: 'put',
    path: '/api/purchase-orders/:id/program',
    caller: 'browser',
    tags,
    summary: "Save a bulk PO's own program terms; a field left out keeps the value the PO reads now",
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    body: PurchaseOrderProgramInputSchema,
    responses: {
      200: program('The terms as saved'),
      404: { description: 'No such purchase order in the company' },
      409: { description: 'VERSION_CONFLICT: someone changed the terms since the version in If-Match; details hold them as they now are' },
      422: STANDARD_PO_RESPONSE,
    },
  },
  {
    method: 'get',
    path: '/api/vendors/:vendorName/program-defaults',
    caller: 'browser',
    tags,
    summary: "A vendor's program defaults, which its bulk POs without terms of their own read",
    params: VendorNameParamsSchema,
    responses: { 200: defaults('The defaults'), 404: { description: 'No purchase order of the company names the vendor' } },
  },
  {
    method: 'put',
    path: '/api/vendors/:vendorName/program-defaults',
    caller: 'browser',
    tags,
    summary: "Save a vendor's program defaults; a field left out keeps the value they read now",
    params: VendorNameParamsSchema,
    headers: IfMatchHeadersSchema,
    body: VendorProgramDefaultsInputSchema,
    responses: {
      200: defaults('The defaults as saved'),
      404: { description: 'No purchase order of the company names the vendor' },
      409: { description: 'VERSION_CONFLICT: someone changed the defaults since the version in If-Match; details hold them as they now are' },
    },
  },
] as const satisfies readonly RouteContract[];

export type StorageChargeBasis = (typeof STORAGE_CHARGE_BASES)[number];
export type ProgramSource = (typeof PROGRAM_SOURCES)[number];
export type PurchaseOrderProgramInput = z.output<typeof PurchaseOrderProgramInputSchema>;
export type VendorProgramDefaultsInput = z.output<typeof VendorProgramDefaultsInputSchema>;
export type PurchaseOrderProgram = z.infer<typeof PurchaseOrderProgramSchema>;
export type VendorProgramDefaults = z.infer<typeof VendorProgramDefaultsSchema>;
