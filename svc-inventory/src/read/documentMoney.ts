import type { DocumentMoney } from '@printpool/contracts';
import { toMoneyString } from '@printpool/domain';

/** QuickBooks' subtotal, discount, tax and currency of a purchase or sales order, as its columns hold them. */
export interface DocumentMoneyRow {
  subtotal: string | number | null;
  discount: string | number | null;
  tax: string | number | null;
  currency: string | null;
}

/** The select list part reading DocumentMoneyRow from a document aliased `alias`. */
export const documentMoneyColumns = (alias: string) => `${alias}.subtotal, ${alias}.discount, ${alias}.tax, ${alias}.currency`;

const money = (value: string | number | null) => (value === null ? null : toMoneyString(Number(value)));

export function documentMoneyView(row: DocumentMoneyRow): DocumentMoney {
  return { subtotal: money(row.subtotal), discount: money(row.discount), tax: money(row.tax), currency: row.currency };
}
