import { formatDay } from './dates.js';
import { formatCount } from './money.js';
import type { PullTicketStatus } from './pullTicketStatus.js';
import { addQuantities, subtractQuantity } from './quantity.js';

/**
 * The rules a release keeps (docs/product.md §11, Releases that keep the rules): at least the
 * program's minimum release, on or before its last day, and never leaving less than a minimum
 * release behind. svc-inventory refuses a ticket by them and the release dialogs check the
 * broker's changes by them, so the two agree on what needs an override.
 */
export const PROGRAM_RULES = ['minimumRelease', 'expired', 'remainderBelowMinimum'] as const;
export type ProgramRule = (typeof PROGRAM_RULES)[number];

/** What the rules read of a bulk PO's program (libs/contracts inventoryPrograms.ts). */
export interface ReleaseTerms {
  poNumber: string;
  /** Units a release takes at least; null: no minimum. */
  minReleaseQuantity: number | null;
  /** The program's last day, YYYY-MM-DD. */
  expiresOn: string;
}

/** One item a ticket releases from the program, and what the program holds of it for this ticket. */
export interface ProgramItemRelease {
  itemId: string;
  itemName: string | null;
  /** Units the ticket releases. */
  quantity: number;
  /** Units of the item the program holds that no other ticket (but a cancelled one) releases. */
  onProgram: number;
}

/** A rule a release breaks, with the numbers it breaks it by; fields a rule has no number for are null. */
export interface ProgramRuleBreach {
  rule: ProgramRule;
  message: string;
  itemId: string | null;
  quantity: number | null;
  minReleaseQuantity: number | null;
  /** What the release leaves of the item on the program. */
  remainder: number | null;
  /** The release that leaves nothing of the item behind: offered as "release all". */
  releaseAllQuantity: number | null;
  expiresOn: string;
}

const itemOf = (item: ProgramItemRelease) => item.itemName ?? item.itemId;

/**
 * The rules the release of `items` from a program breaks on the day `today` (YYYY-MM-DD), none
 * when it keeps them all. The release that takes everything left of an item is the program's
 * last and keeps the minimum whatever its size: a remainder below the minimum can go no other way.
 */
export function programRuleBreaches(terms: ReleaseTerms, items: readonly ProgramItemRelease[], today: string): ProgramRuleBreach[] {
  const none = {
    itemId: null,
    quantity: null,
    minReleaseQuantity: terms.minReleaseQuantity,
    remainder: null,
    releaseAllQuantity: null,
    expiresOn: terms.expiresOn,
  };
  const breaches: ProgramRuleBreach[] = [];
  if (today > terms.expiresOn)
    breaches.push({
      ...none,
      rule: 'expired',
      message: `The program of ${terms.poNumber} expired on ${formatDay(terms.expiresOn)}: this release is after its last day.`,
    });
  const minimum = terms.minReleaseQuantity;
  if (minimum === null) return breaches;
  for (const item of items) {
    const remainder = Math.max(0, subtractQuantity(item.onProgram, item.quantity));
    const numbers = { ...none, itemId: item.itemId, quantity: item.quantity, remainder };
    if (item.quantity < minimum && remainder > 0)
      breaches.push({
        ...numbers,
        rule: 'minimumRelease',
        message: `Releasing ${formatCount(item.quantity)} of ${itemOf(item)} is below the minimum release of ${formatCount(minimum)} units on ${terms.poNumber}.`,
      });
    if (remainder > 0 && remainder < minimum) {
      const all = addQuantities(item.quantity, remainder);
      breaches.push({
        ...numbers,
        rule: 'remainderBelowMinimum',
        releaseAllQuantity: all,
        message: `Releasing ${formatCount(item.quantity)} of ${itemOf(item)} leaves ${formatCount(remainder)} on ${terms.poNumber}, below its minimum release of ${formatCount(minimum)} units: release all ${formatCount(all)} instead.`,
      });
    }
  }
  return breaches;
}

/**
 * Whether a change of a ticket releases units and so is held to the rules: a new ticket (no
 * status before), or an edit that takes a cancelled ticket back (its units are released again,
 * docs/product.md §4). Other edits leave the release as it was checked.
 */
export function releasesUnits(before: PullTicketStatus | null, after: PullTicketStatus): boolean {
  return after !== 'cancelled' && (before === null || before === 'cancelled');
}
