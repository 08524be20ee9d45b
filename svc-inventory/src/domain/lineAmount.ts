import { toMoneyString } from '@printpool/domain';

/** A line's amount as QuickBooks computes it from quantity and exact unit price: to the cent. */
export const lineAmount = (quantity: number, unitPrice: number): number => Number(toMoneyString(quantity * unitPrice));
