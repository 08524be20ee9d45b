import type { PullTicketPrices } from '@printpool/contracts';
import { BaseModel } from './BaseModel.js';

/** One signed-in account (one QBO company) with its bulk detection settings. */
export class Tenant extends BaseModel {
  static override tableName = 'tenants';

  id!: string;
  name!: string;
  bulkPoSuffix!: string;
  bulkEstimateSuffix!: string;
  faxNumber!: string;
  pullTicketPrices!: PullTicketPrices;
  createdAt!: Date;
  updatedAt!: Date;
}
