import type { MemberRole } from '@printpool/contracts';
import { BaseModel } from './BaseModel.js';

export class User extends BaseModel {
  static override tableName = 'users';

  id!: string;
  tenantId!: string;
  email!: string;
  emailKey!: string;
  oidcIssuer!: string | null;
  oidcSubject!: string | null;
  firstName!: string | null;
  lastName!: string | null;
  profileImageUrl!: string | null;
  role!: MemberRole;
  createdAt!: Date;
  updatedAt!: Date;
}
