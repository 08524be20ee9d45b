import { BaseModel } from './BaseModel.js';

export class ContactMessage extends BaseModel {
  static override tableName = 'contact_messages';

  id!: string;
  tenantId!: string | null;
  name!: string;
  email!: string;
  company!: string | null;
  phone!: string | null;
  subject!: string | null;
  message!: string;
  createdAt!: Date;
}
