import { BaseModel } from './BaseModel.js';

export class Customer extends BaseModel {
  static override tableName = 'customers';

  id!: number;
  tenantId!: string;
  qbId!: string;
  name!: string;
  /** QuickBooks' FullyQualifiedName ("Parent:Child"), and the parent's qbId, for a sub-record. */
  fullName!: string | null;
  parentQbId!: string | null;
  currency!: string | null;
  companyName!: string | null;
  email!: string | null;
  phone!: string | null;
  /** The billing address on one line, as the Customers table shows it. */
  address!: string | null;
  active!: boolean;
  syncedAt!: Date;
}
