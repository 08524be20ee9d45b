import { BaseModel } from './BaseModel.js';

export class Item extends BaseModel {
  static override tableName = 'items';

  id!: number;
  tenantId!: string;
  qbId!: string;
  name!: string;
  /** QuickBooks' FullyQualifiedName ("Parent:Child"), and the parent's qbId, for a sub-record. */
  fullName!: string | null;
  parentQbId!: string | null;
  /** QuickBooks' item type; Category and Group are never stock. */
  type!: string | null;
  sku!: string | null;
  description!: string | null;
  unitPrice!: string;
  active!: boolean;
  syncedAt!: Date;
}
