import { BaseModel } from './BaseModel.js';

export class Item extends BaseModel {
  static override tableName = 'items';

  id!: number;
  tenantId!: string;
  qbId!: string;
  name!: string;
  sku!: string | null;
  description!: string | null;
  unitPrice!: string;
  active!: boolean;
  syncedAt!: Date;
}
