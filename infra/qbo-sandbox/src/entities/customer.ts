import { queryFields, type EntityDefinition } from './definition.js';
import { placeUnderParent } from './item.js';
import { prepareContact } from './name-list.js';

export const customer: EntityDefinition = {
  name: 'Customer',
  path: 'customer',
  nameList: true,
  uniqueName: 'DisplayName',
  fields: queryFields({
    DisplayName: 'string',
    CompanyName: 'string',
    GivenName: 'string',
    FamilyName: 'string',
    FullyQualifiedName: 'string',
    PrimaryEmailAddr: 'email',
    Active: 'boolean',
    Balance: 'number',
    ParentRef: 'ref',
    Level: 'number',
    Job: 'boolean',
  }),
  prepare(draft, ctx) {
    prepareContact(draft);
    // A job (sub-customer) hangs from its parent: Job, ParentRef, Level, "Parent:Job".
    placeUnderParent(draft, ctx, 'Customer', String(draft.DisplayName), 'Job');
    draft.Taxable ??= false;
    draft.BillWithParent ??= false;
    draft.PreferredDeliveryMethod ??= 'Print';
    draft.CurrencyRef ??= { value: 'USD', name: 'United States Dollar' };
  },
};
