import { queryFields, type EntityDefinition } from './definition.js';
import { prepareContact } from './name-list.js';

export const vendor: EntityDefinition = {
  name: 'Vendor',
  path: 'vendor',
  nameList: true,
  uniqueName: 'DisplayName',
  fields: queryFields({
    DisplayName: 'string',
    CompanyName: 'string',
    GivenName: 'string',
    FamilyName: 'string',
    PrimaryEmailAddr: 'email',
    Active: 'boolean',
    Balance: 'number',
  }),
  prepare(draft) {
    prepareContact(draft);
    draft.Vendor1099 ??= false;
  },
};
