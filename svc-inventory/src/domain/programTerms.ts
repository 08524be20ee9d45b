import type { ProgramSource, PurchaseOrderProgram, VendorProgramDefaults } from '@printpool/contracts';
import { fieldDifferences, formVersion } from '@printpool/service-kit';
import { addMonths, DEFAULT_LEAD_TIME_DAYS } from '@printpool/domain';

/** The terms a bulk PO's program and a vendor's defaults share (docs/product.md §11). */
export interface ProgramTerms {
  minReleaseQuantity: number | null;
  releaseCharge: string;
  freeStorageDays: number | null;
  storageChargePerMonth: string | null;
  storageChargeBasis: PurchaseOrderProgram['storageChargeBasis'];
  tolerancePercent: number;
  notes: string | null;
}

/** A vendor's defaults: the shared terms, how long a program runs from its PO's date, and how long a run takes to arrive. */
export interface VendorTerms extends ProgramTerms {
  termMonths: number;
  leadTimeDays: number;
}

/** A bulk PO's own terms: the shared terms, when its program ends and how many releases are planned. */
export interface PurchaseOrderTerms extends ProgramTerms {
  expiresOn: string;
  plannedReleases: number | null;
}

/** What a vendor without defaults of its own reads (docs/product.md §11): no minimum, no charges, 10% tolerance, 12 months, a month's lead time. */
export const PRODUCT_DEFAULTS: Readonly<VendorTerms> = {
  minReleaseQuantity: null,
  releaseCharge: '0.00',
  freeStorageDays: null,
  storageChargePerMonth: null,
  storageChargeBasis: 'flat',
  tolerancePercent: 10,
  notes: null,
  termMonths: 12,
  leadTimeDays: DEFAULT_LEAD_TIME_DAYS,
};

/**
 * A bulk PO's terms as they read: its own when it has them, whole; else its vendor's defaults,
 * else the product's, with the program ending the vendor's term after the PO's date.
 */
export function purchaseOrderTerms(
  poDate: string,
  own: PurchaseOrderTerms | null,
  vendor: VendorTerms | null,
): { terms: PurchaseOrderTerms; source: ProgramSource } {
  if (own) return { terms: own, source: 'purchase-order' };
  const { termMonths, leadTimeDays: _leadTime, ...terms } = vendor ?? PRODUCT_DEFAULTS;
  return { terms: { ...terms, expiresOn: addMonths(poDate, termMonths), plannedReleases: null }, source: vendor ? 'vendor-defaults' : 'defaults' };
}

/** A vendor's defaults as they read: its own, else the product's. */
export function vendorTerms(own: VendorTerms | null): { terms: VendorTerms; source: VendorProgramDefaults['source'] } {
  return own ? { terms: own, source: 'vendor-defaults' } : { terms: { ...PRODUCT_DEFAULTS }, source: 'defaults' };
}

const SHARED_FIELDS = [
  ['minReleaseQuantity', 'Minimum release quantity'],
  ['releaseCharge', 'Release charge'],
  ['freeStorageDays', 'Free storage days'],
  ['storageChargePerMonth', 'Storage charge per month'],
  ['storageChargeBasis', 'Storage charge basis'],
  ['tolerancePercent', 'Tolerance'],
  ['notes', 'Notes'],
] as const satisfies readonly (readonly [keyof ProgramTerms, string])[];

/** What the Edit program form edits; the version of a PO's program is of these alone. */
const PROGRAM_FIELDS = [...SHARED_FIELDS, ['expiresOn', 'Expires on'], ['plannedReleases', 'Planned releases']] as const satisfies readonly (readonly [
  keyof PurchaseOrderTerms,
  string,
])[];

const DEFAULTS_FIELDS = [...SHARED_FIELDS, ['termMonths', 'Term'], ['leadTimeDays', 'Lead time']] as const satisfies readonly (readonly [
  keyof VendorTerms,
  string,
])[];

export const programVersion = (terms: PurchaseOrderTerms): string => formVersion(PROGRAM_FIELDS, terms);
export const programDifferences = (current: PurchaseOrderTerms, proposed: Partial<PurchaseOrderTerms>) => fieldDifferences(PROGRAM_FIELDS, current, proposed);

export const vendorDefaultsVersion = (terms: VendorTerms): string => formVersion(DEFAULTS_FIELDS, terms);
export const vendorDefaultsDifferences = (current: VendorTerms, proposed: Partial<VendorTerms>) => fieldDifferences(DEFAULTS_FIELDS, current, proposed);
