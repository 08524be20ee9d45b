import type { MemberRole } from '@printpool/contracts';
import { BaseModel } from './BaseModel.js';

/** An owner's invitation to join the company: the link holds the token, the row only its SHA-256. */
export class Invitation extends BaseModel {
  static override tableName = 'invitations';

  id!: string;
  tenantId!: string;
  email!: string;
  emailKey!: string;
  role!: MemberRole;
  tokenHash!: string;
  invitedBy!: string | null;
  invitedByName!: string;
  createdAt!: Date;
  expiresAt!: Date;
  usedAt!: Date | null;
  revokedAt!: Date | null;
}
