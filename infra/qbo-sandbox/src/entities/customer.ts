import { queryFields, type EntityDefinition } from './definition.js';
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
  }),
  prepare(draft) {
    prepareContact(draft);
    draft.FullyQualifiedName = draft.DisplayName;
    draft.Taxable ??= false;
    draft.Job ??= false;
    draft.BillWithParent ??= false;
    draft.PreferredDeliveryMethod ??= 'Print';
  },
};
