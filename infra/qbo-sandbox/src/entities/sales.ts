import { faults } from '../api/faults.js';
import { roundMoney, refValue, type PrepareContext } from './definition.js';
import { computeTax, prepareSalesLines, qualifiedName, resolveRef } from './lines.js';

export const HOME_CURRENCY = { value: 'USD', name: 'United States Dollar' };

/** Units of home currency per unit of the foreign one, as the sandbox company's rate table holds them. */
const EXCHANGE_RATES: Record<string, number> = { USD: 1, CAD: 0.7312, EUR: 1.0845, GBP: 1.2671, MXN: 0.0583 };

/**
 * A transaction's currency: the customer's or vendor's (a foreign-currency name can only deal in
 * its currency), with `ExchangeRate` to the home currency and `HomeTotalAmt` when it is foreign.
 */
export function applyCurrency(draft: Record<string, unknown>, party: Record<string, unknown>): void {
  const partyCurrency = (party.CurrencyRef as { value: string; name?: string } | undefined) ?? HOME_CURRENCY;
  const given = refValue(draft.CurrencyRef);
  if (given && given !== partyCurrency.value) {
    throw faults.businessValidation(`The currency of the transaction (${given}) must match the currency of the name (${partyCurrency.value})`, 'CurrencyRef');
  }
  draft.CurrencyRef = { value: partyCurrency.value, name: partyCurrency.name ?? partyCurrency.value };
  if (partyCurrency.value === HOME_CURRENCY.value) {
    delete draft.ExchangeRate;
    delete draft.HomeTotalAmt;
    return;
  }
  draft.ExchangeRate = typeof draft.ExchangeRate === 'number' ? draft.ExchangeRate : (EXCHANGE_RATES[partyCurrency.value] ?? 1);
  draft.HomeTotalAmt = roundMoney(Number(draft.TotalAmt ?? 0) * (draft.ExchangeRate as number));
}

/**
 * What estimates and invoices share: the customer (named with its full "Parent:Child" name),
 * lines, discount and tax, TotalAmt = subtotal − discount + tax, addresses copied from the
 * customer when absent, and currency.
 */
export function prepareSalesTransaction(draft: Record<string, unknown>, ctx: PrepareContext): Record<string, unknown> {
  const customerData = resolveRef(draft, 'CustomerRef', 'Customer', ctx, qualifiedName);
  const prepared = prepareSalesLines(draft, ctx);
  draft.Line = prepared.lines;
  const tax = computeTax(draft, prepared, ctx);
  draft.TotalAmt = roundMoney(prepared.subtotal - prepared.discount + tax);
  draft.ApplyTaxAfterDiscount ??= false;
  // Without addresses QBO copies the customer's.
  draft.BillAddr ??= customerData.BillAddr;
  draft.ShipAddr ??= customerData.ShipAddr ?? customerData.BillAddr;
  draft.BillEmail ??= customerData.PrimaryEmailAddr;
  draft.PrintStatus ??= 'NeedToPrint';
  draft.EmailStatus ??= 'NotSet';
  applyCurrency(draft, customerData);
  return customerData;
}
