import { faults } from '../api/faults.js';
import { queryFields, type EntityDefinition } from './definition.js';

const ACCOUNT_CLASSIFICATION: Record<string, string> = {
  Bank: 'Asset',
  'Other Current Asset': 'Asset',
  'Fixed Asset': 'Asset',
  'Other Asset': 'Asset',
  'Accounts Receivable': 'Asset',
  Equity: 'Equity',
  Expense: 'Expense',
  'Other Expense': 'Expense',
  'Cost of Goods Sold': 'Expense',
  'Accounts Payable': 'Liability',
  'Credit Card': 'Liability',
  'Long Term Liability': 'Liability',
  'Other Current Liability': 'Liability',
  Income: 'Revenue',
  'Other Income': 'Revenue',
};

/** The chart of accounts: item lines post to income, expense and asset accounts; PO expense lines name one directly. */
export const account: EntityDefinition = {
  name: 'Account',
  path: 'account',
  nameList: true,
  uniqueName: 'Name',
  fields: queryFields({
    Name: 'string',
    AccountType: 'string',
    AccountSubType: 'string',
    Classification: 'string',
    Active: 'boolean',
    FullyQualifiedName: 'string',
    CurrentBalance: 'number',
  }),
  prepare(draft) {
    if (typeof draft.Name !== 'string' || draft.Name.trim() === '') throw faults.requiredParam('Name');
    if (typeof draft.AccountType !== 'string') throw faults.requiredParam('AccountType');
    const classification = ACCOUNT_CLASSIFICATION[draft.AccountType];
    if (!classification) throw faults.businessValidation(`Invalid AccountType ${draft.AccountType}`, 'AccountType');
    draft.Classification = classification;
    draft.FullyQualifiedName = draft.Name;
    draft.SubAccount ??= false;
    draft.Active ??= true;
    draft.CurrentBalance ??= 0;
    draft.CurrentBalanceWithSubAccounts ??= draft.CurrentBalance;
    draft.CurrencyRef ??= { value: 'USD', name: 'United States Dollar' };
  },
};

/** Payment terms (Net 30, Due on receipt): a customer's SalesTermRef sets an invoice's DueDate. */
export const term: EntityDefinition = {
  name: 'Term',
  path: 'term',
  nameList: true,
  fields: queryFields({ Name: 'string', Active: 'boolean', Type: 'string', DueDays: 'number' }),
  prepare(draft) {
    if (typeof draft.Name !== 'string' || draft.Name.trim() === '') throw faults.requiredParam('Name');
    draft.Type ??= 'STANDARD';
    draft.DueDays ??= 0;
    draft.DiscountPercent ??= 0;
    draft.DiscountDays ??= 0;
    draft.Active ??= true;
  },
};

/**
 * US sales tax codes (a transaction's TxnTaxCodeRef; its SalesTaxRateList names the rates). QBO's
 * API reads and queries them but creates them only through its TaxService, so writes here are refused.
 */
export const taxCode: EntityDefinition = {
  name: 'TaxCode',
  path: 'taxcode',
  nameList: true,
  readOnly: true,
  fields: queryFields({ Name: 'string', Active: 'boolean', Taxable: 'boolean', TaxGroup: 'boolean' }),
  prepare() {},
};

/** Tax rates (RateValue in percent, AgencyRef the tax agency); read and query only, as TaxCode. */
export const taxRate: EntityDefinition = {
  name: 'TaxRate',
  path: 'taxrate',
  nameList: true,
  readOnly: true,
  fields: queryFields({ Name: 'string', Active: 'boolean', RateValue: 'number' }),
  prepare() {},
};
