import { BaseModel } from './BaseModel.js';

/** The tenant's bulk detection settings, mirrored from the gateway's identity.settings.updated. */
export class TenantSettings extends BaseModel {
  static override tableName = 'tenant_settings';
  static override idColumn = 'tenantId';

  tenantId!: string;
  bulkPoSuffix!: string;
  bulkEstimateSuffix!: string;
  faxNumber!: string;
  updatedAt!: Date;
}
