import type {
  ProgramSource,
  PurchaseOrderProgram,
  RouteInput,
  StorageChargeBasis,
  VendorProgramDefaults,
  VersionChoice,
  VersionDifference,
} from '@printpool/contracts';
import { formatCount, formatUsd, toMoneyString } from '@printpool/domain';

const DAY_MS = 86_400_000;

const utcDay = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
};

/** Today on the broker's clock, as an ISO date. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** 'Jan 10, 2026': a calendar date, the same day wherever the browser is. */
export function formatDay(isoDate: string): string {
  return new Date(utcDay(isoDate)).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** How long a program has left on `today` (docs/product.md §2, Purchase Order Details): '30 days left', 'expires today', 'expired 3 days ago'. */
export function timeLeft(expiresOn: string, today: string): string {
  const days = Math.round((utcDay(expiresOn) - utcDay(today)) / DAY_MS);
  if (days === 0) return 'expires today';
  if (days > 0) return `${formatCount(days)} ${days === 1 ? 'day' : 'days'} left`;
  return `expired ${formatCount(-days)} ${days === -1 ? 'day' : 'days'} ago`;
}

/** The storage terms in a line: free days, then the charge and what it counts. */
export function storageText(program: Pick<PurchaseOrderProgram, 'freeStorageDays' | 'storageChargePerMonth' | 'storageChargeBasis'>): string {
  const free = program.freeStorageDays === null ? null : `${formatCount(program.freeStorageDays)} ${program.freeStorageDays === 1 ? 'day' : 'days'} free`;
  if (program.storageChargePerMonth === null) return free ?? 'no charge';
  const charge = `${formatUsd(program.storageChargePerMonth)} a month${program.storageChargeBasis === 'per1000' ? ' per 1,000 units' : ''}`;
  return free ? `${free}, then ${charge}` : charge;
}

export const SOURCE_TEXT: Record<ProgramSource, string> = {
  'purchase-order': 'Terms of this PO',
  'vendor-defaults': "Vendor's defaults",
  defaults: 'Product defaults',
};

/**
 * The terms a PO's program and its vendor's defaults share, as their forms hold them: numbers as
 * typed, an empty field is null, notes as text (libs/contracts inventoryPrograms.ts).
 */
export interface TermsFormValues {
  minReleaseQuantity: number | null;
  releaseCharge: number | null;
  freeStorageDays: number | null;
  storageChargePerMonth: number | null;
  storageChargeBasis: StorageChargeBasis;
  tolerancePercent: number | null;
  notes: string;
}

/** The Edit program form's values: the shared terms, the program's end and the releases planned. */
export interface ProgramFormValues extends TermsFormValues {
  expiresOn: string;
  plannedReleases: number | null;
}

/** The vendor's program defaults form: the shared terms and the months a program runs (docs/product.md §11). */
export interface DefaultsFormValues extends TermsFormValues {
  termMonths: number | null;
  leadTimeDays: number | null;
}

/** The form's value of one of the terms: money as a number to type in, none as an empty field. */
function formValueOf(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return field === 'notes' ? '' : null;
  return field === 'releaseCharge' || field === 'storageChargePerMonth' ? Number(value) : value;
}

type SharedTerms = Pick<PurchaseOrderProgram, Exclude<keyof TermsFormValues, 'notes'>> & { notes: string | null };

function termsFormValues(terms: SharedTerms): TermsFormValues {
  const field = <K extends keyof TermsFormValues>(key: K) => formValueOf(key, terms[key]) as TermsFormValues[K];
  return {
    minReleaseQuantity: field('minReleaseQuantity'),
    releaseCharge: field('releaseCharge'),
    freeStorageDays: field('freeStorageDays'),
    storageChargePerMonth: field('storageChargePerMonth'),
    storageChargeBasis: terms.storageChargeBasis,
    tolerancePercent: field('tolerancePercent'),
    notes: field('notes'),
  };
}

export function programFormValues(program: PurchaseOrderProgram): ProgramFormValues {
  return { expiresOn: program.expiresOn, ...termsFormValues(program), plannedReleases: program.plannedReleases };
}

export function defaultsFormValues(defaults: VendorProgramDefaults): DefaultsFormValues {
  return { termMonths: defaults.termMonths, leadTimeDays: defaults.leadTimeDays, ...termsFormValues(defaults) };
}

const money = (value: number | null) => (value === null ? null : toMoneyString(value));

/** Every shared term as a save sends it: money as two decimals; an empty release charge or tolerance is 0. */
function termsBody(values: TermsFormValues) {
  return {
    minReleaseQuantity: values.minReleaseQuantity ?? null,
    releaseCharge: toMoneyString(values.releaseCharge ?? 0),
    freeStorageDays: values.freeStorageDays ?? null,
    storageChargePerMonth: money(values.storageChargePerMonth ?? null),
    storageChargeBasis: values.storageChargeBasis,
    tolerancePercent: values.tolerancePercent ?? 0,
    notes: values.notes?.trim() || null,
  };
}

/** PUT /api/purchase-orders/{id}/program: every field. */
export function toProgramBody(values: ProgramFormValues): ProgramBody {
  const { minReleaseQuantity, ...terms } = termsBody(values);
  return { expiresOn: values.expiresOn, minReleaseQuantity, ...terms, plannedReleases: values.plannedReleases ?? null };
}

/** PUT /api/vendors/{vendorName}/program-defaults: every field; the term is required by the form. */
export function toDefaultsBody(values: DefaultsFormValues): DefaultsBody {
  return { termMonths: values.termMonths ?? undefined, leadTimeDays: values.leadTimeDays ?? undefined, ...termsBody(values) };
}

export type ProgramBody = RouteInput<'put /api/purchase-orders/:id/program'>['body'];
export type DefaultsBody = RouteInput<'put /api/vendors/:vendorName/program-defaults'>['body'];

/** The person's form with the saved value taken wherever they chose 'theirs'; everything else as they typed it. */
export function resolveTermsConflict<V extends TermsFormValues>(mine: V, differences: readonly VersionDifference[], choices: readonly VersionChoice[]): V {
  const values = { ...mine } as Record<string, unknown>;
  differences.forEach((difference, i) => {
    const [field] = difference.path;
    if (choices[i] === 'theirs' && field !== undefined && field in mine) values[field] = formValueOf(field, difference.current);
  });
  return values as V;
}
