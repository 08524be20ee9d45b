import { toMoneyString } from './money.js';
import { subtractQuantity, sumQuantities } from './quantity.js';

/**
 * `months` after an ISO date, on the same day of the month, or the month's last day when it has
 * no such day: a program of a PO dated 2024-02-29 runs to 2025-02-28.
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** An ISO date `days` after another. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Today on the server's clock, in UTC: the day programs and customers' stock are read on (docs/product.md §11, §12). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** Whole days from one ISO date to another: below 0 when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

export interface StorageTerms {
  freeStorageDays: number | null;
  /** Two decimals; null: the vendor charges no storage. */
  storageChargePerMonth: string | null;
  storageChargeBasis: 'flat' | 'per1000';
}

export interface StorageMonth {
  /** The first day of the month of storage charged. */
  from: string;
  /** Units at the vendor on that day. */
  units: number;
  /** Two decimals. */
  charge: string;
}

export interface StorageAccrual {
  /** The last day of free storage; null when no charge applies. */
  freeUntil: string | null;
  months: StorageMonth[];
  /** Every month charged up to `today`, two decimals. */
  accrued: string;
}

/**
 * What a program's storage has cost up to `today` (docs/product.md §11): storage counts from the
 * PO's date; after the free days, each month of storage begun costs the monthly charge, 'flat' or
 * 'per1000' of the units at the vendor on its first day (to the cent). A month begun with nothing
 * left at the vendor costs nothing. svc-inventory charges by it; the program page shows it.
 */
export function storageAccrual(terms: StorageTerms, poDate: string, today: string, unitsOn: (isoDate: string) => number): StorageAccrual {
  if (terms.storageChargePerMonth === null) return { freeUntil: null, months: [], accrued: '0.00' };
  const rate = Number(terms.storageChargePerMonth);
  const chargedFrom = addDays(poDate, terms.freeStorageDays ?? 0);
  const months: StorageMonth[] = [];
  let cents = 0;
  for (let i = 0; ; i++) {
    const from = addMonths(chargedFrom, i);
    if (from > today) break;
    const units = unitsOn(from);
    if (units <= 0) continue;
    const charge = toMoneyString(terms.storageChargeBasis === 'flat' ? rate : (rate * units) / 1000);
    cents += Math.round(Number(charge) * 100);
    months.push({ from, units, charge });
  }
  return { freeUntil: addDays(chargedFrom, -1), months, accrued: toMoneyString(cents / 100) };
}

/** A release a program charges for: a shipped pull ticket, on the day it shipped (else the day it was made), and its units. */
export interface ChargedRelease {
  day: string;
  units: number;
}

export interface ProgramCharges {
  /** Each charged release's release charge, in cents. */
  releaseCents: number;
  storage: StorageAccrual;
  /** The release charges and the storage accrued up to `today`, two decimals. */
  chargesToDate: string;
}

/**
 * What a program has charged up to `today` (docs/product.md §11): each shipped release its
 * release charge, and storage as storageAccrual counts it over the units at the vendor, what the
 * pool holds (`pooled`) less what shipped before the day. The program page and the Purchase
 * Orders list count by it (svc-inventory read/programSummary.ts, read/programCharges.ts).
 */
export function programCharges(
  terms: StorageTerms & { releaseCharge: string },
  poDate: string,
  today: string,
  pooled: number,
  shipped: readonly ChargedRelease[],
): ProgramCharges {
  const unitsOn = (day: string) =>
    subtractQuantity(
      pooled,
      sumQuantities(
        shipped.filter((release) => release.day < day),
        (release) => release.units,
      ),
    );
  const storage = storageAccrual(terms, poDate, today, unitsOn);
  const releaseCents = Math.round(Number(terms.releaseCharge) * 100) * shipped.length;
  return { releaseCents, storage, chargesToDate: toMoneyString((releaseCents + Math.round(Number(storage.accrued) * 100)) / 100) };
}
