import type { EntityName } from '../store/types.js';

/*
 * The properties of each entity in Intuit's v3 schema (JSON names). QBO refuses a write
 * naming any other property with ValidationFault 2010, so a client that misspells a field
 * finds out here rather than at Intuit. Every property QBO answers with is listed, so a
 * client may send back what it read.
 */

const ENTITY_COMMON = ['Id', 'SyncToken', 'MetaData', 'domain', 'sparse', 'status'];

const CONTACT = [
  'Title', 'GivenName', 'MiddleName', 'FamilyName', 'Suffix', 'DisplayName', 'FullyQualifiedName', 'CompanyName',
  'PrintOnCheckName', 'Active', 'PrimaryPhone', 'AlternatePhone', 'Mobile', 'Fax', 'PrimaryEmailAddr', 'WebAddr',
  'OtherContactInfo', 'BillAddr', 'Balance', 'CurrencyRef', 'Notes', 'Source', 'V4IDPseudonym', 'GSTIN',
  'BusinessNumber', 'GSTRegistrationType',
];

const TRANSACTION = [
  'DocNumber', 'TxnDate', 'PrivateNote', 'Line', 'TotalAmt', 'HomeTotalAmt', 'ShipAddr', 'ShipMethodRef', 'DueDate',
  'SalesTermRef', 'ClassRef', 'DepartmentRef', 'CurrencyRef', 'ExchangeRate', 'GlobalTaxCalculation', 'TxnTaxDetail',
  'EmailStatus', 'PrintStatus', 'LinkedTxn', 'CustomField', 'TransactionLocationType', 'RecurDataRef', 'TxnSource',
  'TaxCodeRef', 'ProjectRef', 'AttachableRef',
];

const SPECIFIC: Record<EntityName, string[]> = {
  Customer: [
    ...CONTACT, 'ShipAddr', 'DefaultTaxCodeRef', 'Taxable', 'Job', 'BillWithParent', 'ParentRef', 'Level', 'SalesTermRef',
    'PaymentMethodRef', 'OpenBalanceDate', 'BalanceWithJobs', 'PreferredDeliveryMethod', 'ResaleNum', 'ARAccountRef',
    'TaxExemptionReasonId', 'PrimaryTaxIdentifier', 'SecondaryTaxIdentifier', 'IsProject', 'ClientEntityId',
    'CustomerTypeRef', 'TaxRegimeId', 'CustomerEx',
  ],
  Vendor: [
    ...CONTACT, 'TaxIdentifier', 'TermRef', 'AcctNum', 'Vendor1099', 'APAccountRef', 'BillRate', 'CostRate',
    'VendorPaymentBankDetail', 'TaxReportingBasis', 'T4AEligible', 'T5018Eligible', 'HasTPAR', 'VendorEx',
  ],
  Item: [
    'Name', 'Sku', 'Description', 'Active', 'SubItem', 'ParentRef', 'Level', 'FullyQualifiedName', 'Taxable',
    'SalesTaxIncluded', 'UnitPrice', 'Type', 'IncomeAccountRef', 'PurchaseDesc', 'PurchaseTaxIncluded', 'PurchaseCost',
    'ExpenseAccountRef', 'AssetAccountRef', 'PrefVendorRef', 'TrackQtyOnHand', 'QtyOnHand', 'InvStartDate',
    'SalesTaxCodeRef', 'PurchaseTaxCodeRef', 'ReorderPoint', 'ClassRef', 'ItemCategoryType', 'AbatementRate',
    'ReverseChargeRate', 'ServiceType', 'TaxClassificationRef', 'UQCDisplayText', 'UQCId', 'Source', 'ItemGroupDetail',
    'ItemAssemblyDetail', 'PrintGroupedItems',
  ],
  PurchaseOrder: [...TRANSACTION, 'VendorRef', 'APAccountRef', 'POStatus', 'POEmail', 'VendorAddr', 'ShipTo', 'Memo'],
  Estimate: [
    ...TRANSACTION, 'CustomerRef', 'CustomerMemo', 'BillAddr', 'ShipFromAddr', 'FreeFormAddress', 'ShipDate',
    'TrackingNum', 'TxnStatus', 'AcceptedBy', 'AcceptedDate', 'ExpirationDate', 'ApplyTaxAfterDiscount', 'BillEmail',
    'BillEmailCc', 'BillEmailBcc', 'TaxExemptionRef', 'DeliveryInfo',
  ],
  Invoice: [
    ...TRANSACTION, 'CustomerRef', 'CustomerMemo', 'BillAddr', 'ShipFromAddr', 'FreeFormAddress', 'ShipDate',
    'TrackingNum', 'ApplyTaxAfterDiscount', 'BillEmail', 'BillEmailCc', 'BillEmailBcc', 'TaxExemptionRef',
    'DeliveryInfo', 'Balance', 'HomeBalance', 'Deposit', 'DepositToAccountRef', 'AllowIPNPayment',
    'AllowOnlinePayment', 'AllowOnlineCreditCardPayment', 'AllowOnlineACHPayment', 'InvoiceLink', 'ARAccountRef',
  ],
  Account: [
    'Name', 'SubAccount', 'ParentRef', 'Description', 'FullyQualifiedName', 'Active', 'Classification', 'AccountType',
    'AccountSubType', 'AcctNum', 'CurrentBalance', 'CurrentBalanceWithSubAccounts', 'CurrencyRef', 'TaxCodeRef',
    'AccountAlias', 'TxnLocationType',
  ],
  TaxCode: ['Name', 'Description', 'Active', 'Hidden', 'Taxable', 'TaxGroup', 'SalesTaxRateList', 'PurchaseTaxRateList', 'TaxCodeConfigType'],
  TaxRate: ['Name', 'Description', 'Active', 'RateValue', 'AgencyRef', 'TaxReturnLineRef', 'SpecialTaxType', 'DisplayType', 'EffectiveTaxRate'],
  Term: ['Name', 'Active', 'Type', 'DiscountPercent', 'DueDays', 'DiscountDays', 'DayOfMonthDue', 'DueNextMonthDays', 'DiscountDayOfMonth'],
};

const withCommon = (list: string[]): ReadonlySet<string> => new Set([...ENTITY_COMMON, ...list]);

export const ENTITY_PROPERTIES = Object.fromEntries(
  Object.entries(SPECIFIC).map(([name, list]) => [name, withCommon(list)]),
) as Record<EntityName, ReadonlySet<string>>;

/** A transaction line: its own properties plus the one detail object its DetailType names. */
export const LINE_PROPERTIES: ReadonlySet<string> = new Set([
  'Id', 'LineNum', 'Description', 'Amount', 'DetailType', 'LinkedTxn', 'CustomField', 'LineEx', 'ProjectRef',
  'SalesItemLineDetail', 'ItemBasedExpenseLineDetail', 'AccountBasedExpenseLineDetail', 'DescriptionLineDetail',
  'SubTotalLineDetail', 'DiscountLineDetail', 'GroupLineDetail', 'TaxLineDetail',
]);
