import type { ProgramSource, PurchaseOrderProgram, RouteInput, VersionChoice, VersionDifference } from '@printpool/contracts';
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

/** The Edit program form's values: numbers as typed, an empty field is null, notes as text. */
export interface ProgramFormValues {
  expiresOn: string;
  minReleaseQuantity: number | null;
  releaseCharge: number | null;
  freeStorageDays: number | null;
  storageChargePerMonth: number | null;
  storageChargeBasis: PurchaseOrderProgram['storageChargeBasis'];
  tolerancePercent: number | null;
  plannedReleases: number | null;
  notes: string;
}

/** The form's value of one of the program's fields: money as a number to type in, none as an empty field. */
function formValueOf(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return field === 'notes' ? '' : null;
  return field === 'releaseCharge' || field === 'storageChargePerMonth' ? Number(value) : value;
}

export function programFormValues(program: PurchaseOrderProgram): ProgramFormValues {
  const field = <K extends keyof ProgramFormValues>(key: K) => formValueOf(key, program[key]) as ProgramFormValues[K];
  return {
    expiresOn: program.expiresOn,
    minReleaseQuantity: field('minReleaseQuantity'),
    releaseCharge: field('releaseCharge'),
    freeStorageDays: field('freeStorageDays'),
    storageChargePerMonth: field('storageChargePerMonth'),
    storageChargeBasis: program.storageChargeBasis,
    tolerancePercent: field('tolerancePercent'),
    plannedReleases: field('plannedReleases'),
    notes: field('notes'),
  };
}

const money = (value: number | null) => (value === null ? null : toMoneyString(value));

/** PUT /api/purchase-orders/{id}/program: every field, money as two decimals; an empty release charge or tolerance is 0. */
export function toProgramBody(values: ProgramFormValues): ProgramBody {
  return {
    expiresOn: values.expiresOn,
    minReleaseQuantity: values.minReleaseQuantity ?? null,
    releaseCharge: toMoneyString(values.releaseCharge ?? 0),
    freeStorageDays: values.freeStorageDays ?? null,
    storageChargePerMonth: money(values.storageChargePerMonth ?? null),
    storageChargeBasis: values.storageChargeBasis,
    tolerancePercent: values.tolerancePercent ?? 0,
    plannedReleases: values.plannedReleases ?? null,
    notes: values.notes?.trim() || null,
  };
}

export type ProgramBody = RouteInput<'put /api/purchase-orders/:id/program'>['body'];

/** The person's form with the saved value taken wherever they chose 'theirs'; everything else as they typed it. */
export function resolveProgramConflict(
  mine: ProgramFormValues,
  differences: readonly VersionDifference[],
  choices: readonly VersionChoice[],
): ProgramFormValues {
  const values: Record<string, unknown> = { ...mine };
  differences.forEach((difference, i) => {
    const [field] = difference.path;
    if (choices[i] === 'theirs' && field !== undefined && field in mine) values[field] = formValueOf(field, difference.current);
  });
  return values as unknown as ProgramFormValues;
}
