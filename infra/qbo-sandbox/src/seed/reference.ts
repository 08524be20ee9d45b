import type { QboObject } from '../store/types.js';

/**
 * The lists every US QBO company has before its first transaction, with the Ids the generator's
 * references use: accounts, payment terms, and two combined sales-tax codes of two rates each.
 */
type Seeded = Record<string, unknown> & { Id: string };

export const ACCOUNTS: readonly Seeded[] = [
  { Id: '33', Name: 'Accounts Payable (A/P)', AccountType: 'Accounts Payable', AccountSubType: 'AccountsPayable', Classification: 'Liability' },
  { Id: '35', Name: 'Checking', AccountType: 'Bank', AccountSubType: 'Checking', Classification: 'Asset' },
  { Id: '79', Name: 'Sales of Product Income', AccountType: 'Income', AccountSubType: 'SalesOfProductIncome', Classification: 'Revenue' },
  { Id: '80', Name: 'Cost of Goods Sold', AccountType: 'Cost of Goods Sold', AccountSubType: 'SuppliesMaterialsCogs', Classification: 'Expense' },
  { Id: '81', Name: 'Inventory Asset', AccountType: 'Other Current Asset', AccountSubType: 'Inventory', Classification: 'Asset' },
  { Id: '82', Name: 'Services', AccountType: 'Income', AccountSubType: 'ServiceFeeIncome', Classification: 'Revenue' },
  { Id: '84', Name: 'Accounts Receivable (A/R)', AccountType: 'Accounts Receivable', AccountSubType: 'AccountsReceivable', Classification: 'Asset' },
  { Id: '86', Name: 'Discounts given', AccountType: 'Income', AccountSubType: 'DiscountsRefundsGiven', Classification: 'Revenue' },
  { Id: '89', Name: 'Sales Tax Payable', AccountType: 'Other Current Liability', AccountSubType: 'SalesTaxPayable', Classification: 'Liability' },
  { Id: '90', Name: 'Freight and Shipping Costs', AccountType: 'Cost of Goods Sold', AccountSubType: 'ShippingFreightDeliveryCos', Classification: 'Expense' },
  { Id: '91', Name: 'Setup and Prepress', AccountType: 'Cost of Goods Sold', AccountSubType: 'OtherCostsOfServiceCos', Classification: 'Expense' },
].map((account) => ({
  ...account,
  FullyQualifiedName: account.Name,
  SubAccount: false,
  Active: true,
  CurrentBalance: 0,
  CurrentBalanceWithSubAccounts: 0,
  CurrencyRef: { value: 'USD', name: 'United States Dollar' },
}));

export const FREIGHT_ACCOUNT = { value: '90', name: 'Freight and Shipping Costs' };
export const SETUP_ACCOUNT = { value: '91', name: 'Setup and Prepress' };

export const TERMS: readonly Seeded[] = [
  { Id: '1', Name: 'Due on receipt', DueDays: 0 },
  { Id: '2', Name: 'Net 15', DueDays: 15 },
  { Id: '3', Name: 'Net 30', DueDays: 30 },
  { Id: '4', Name: 'Net 60', DueDays: 60 },
].map((term) => ({ ...term, Active: true, Type: 'STANDARD', DiscountPercent: 0, DiscountDays: 0 }));

export const TAX_RATES: readonly Seeded[] = [
  { Id: '1', Name: 'WA State', Description: 'Washington state sales tax', RateValue: 6.5 },
  { Id: '2', Name: 'Seattle City', Description: 'Seattle city sales tax', RateValue: 3.85 },
  { Id: '3', Name: 'CO State', Description: 'Colorado state sales tax', RateValue: 2.9 },
  { Id: '4', Name: 'Denver City', Description: 'Denver city sales tax', RateValue: 4.81 },
].map((rate) => ({
  ...rate,
  Active: true,
  AgencyRef: { value: rate.Id === '1' || rate.Id === '2' ? '1' : '2' },
  SpecialTaxType: 'NONE',
  DisplayType: 'ReadOnly',
  EffectiveTaxRate: [{ RateValue: rate.RateValue, EffectiveDate: '2024-01-01T00:00:00-08:00' }],
}));

const rateDetail = (id: string, order: number) => ({
  TaxRateRef: { value: id, name: TAX_RATES.find((rate) => rate.Id === id)!.Name },
  TaxTypeApplicable: 'TaxOnAmount',
  TaxOrder: order,
});

export const TAX_CODES: readonly Seeded[] = [
  { Id: '2', Name: 'Seattle', Description: 'WA State + Seattle City', SalesTaxRateList: { TaxRateDetail: [rateDetail('1', 0), rateDetail('2', 0)] } },
  { Id: '3', Name: 'Denver', Description: 'CO State + Denver City', SalesTaxRateList: { TaxRateDetail: [rateDetail('3', 0), rateDetail('4', 0)] } },
].map((code) => ({ ...code, Active: true, Hidden: false, Taxable: true, TaxGroup: true, PurchaseTaxRateList: { TaxRateDetail: [] } }));

export function asRecords(
  list: readonly Seeded[],
  stamp: { CreateTime: string; LastUpdatedTime: string },
  updatedMs: number,
): { data: QboObject; updatedMs: number }[] {
  return list.map((entry) => ({ data: { ...entry, domain: 'QBO', sparse: false, SyncToken: '0', MetaData: { ...stamp } } as QboObject, updatedMs }));
}
