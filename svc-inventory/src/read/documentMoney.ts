import { toMoneyString } from '@printpool/domain';

/** QuickBooks' subtotal, discount and tax of a purchase or sales order, and its currency, as the views carry them. */
export interface DocumentMoneyView {
  /** Two-decimal strings as totalAmount ('1250.00'); null when QuickBooks' figure is not known (imported before it was kept, or edited here since). */
  subtotal: string | null;
  discount: string | null;
  tax: string | null;
  /** ISO 4217 code; null for the company's home currency when QuickBooks did not name it. */
  currency: string | null;
}

export interface DocumentMoneyRow {
  subtotal: string | number | null;
  discount: string | number | null;
  tax: string | number | null;
  currency: string | null;
}

/** The select list part reading DocumentMoneyRow from a document aliased `alias`. */
export const documentMoneyColumns = (alias: string) => `${alias}.subtotal, ${alias}.discount, ${alias}.tax, ${alias}.currency`;

const money = (value: string | number | null) => (value === null ? null : toMoneyString(Number(value)));

export function documentMoneyView(row: DocumentMoneyRow): DocumentMoneyView {
  return { subtotal: money(row.subtotal), discount: money(row.discount), tax: money(row.tax), currency: row.currency };
}
