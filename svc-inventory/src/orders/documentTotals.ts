import type { AccountingTotals } from '@printpool/contracts';

/** The columns a purchase or sales order keeps QuickBooks' money and currency in (migration 009). */
export const DOCUMENT_TOTAL_COLUMNS = ['subtotal', 'discount', 'tax', 'currency'] as const;

/**
 * A QuickBooks document's subtotal, discount, tax and currency as columns: QuickBooks' own
 * figures, never recomputed here. Events from before svc-sync read them carry none: null.
 */
export function documentTotals(document: { totals?: AccountingTotals | null; currency?: string | null }) {
  return {
    subtotal: document.totals?.subtotal ?? null,
    discount: document.totals?.discount ?? null,
    tax: document.totals?.tax ?? null,
    currency: document.currency ?? null,
  };
}
