import type { Knex } from 'knex';

export interface AttachmentRow {
  tenant_id: string;
  id: string;
  storage_name: string;
  file_name: string;
  content_type: string;
  size: number;
  pull_ticket_id: string | null;
  uploaded_by: string;
}

export async function insertAttachment(knex: Knex, row: AttachmentRow): Promise<void> {
  await knex('attachments').insert(row);
}

/** Undefined for an unknown id and for another tenant's: both answer 404. */
export async function findAttachment(knex: Knex, tenantId: string, id: string): Promise<AttachmentRow | undefined> {
  return knex<AttachmentRow>('attachments').where({ tenant_id: tenantId, id }).first();
}
