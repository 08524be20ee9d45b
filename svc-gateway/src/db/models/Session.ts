import { BaseModel } from './BaseModel.js';

/** A signed-in browser. The cookie holds the token; the row holds only its SHA-256. */
export class Session extends BaseModel {
  static override tableName = 'sessions';
  static override idColumn = 'token_hash';

  tokenHash!: string;
  tenantId!: string;
  userId!: string;
  createdAt!: Date;
  expiresAt!: Date;
}
