import type { Knex } from 'knex';
import { createEvent, type PullTicketPrices } from '@printpool/contracts';
import { recordEvent } from '@printpool/service-kit';

export const SETTINGS_UPDATED = 'identity.settings.updated';

export interface SettingsUpdatedData {
  bulkPoSuffix: string;
  bulkEstimateSuffix: string;
  faxNumber: string;
  /** Read by svc-documents (svc-documents/src/events/profileConsumers.ts); consumers that predate it ignore it. */
  pullTicketPrices: PullTicketPrices;
  /**
   * The account's signed-in user (a tenant is one account: db/models/Tenant.ts). svc-documents
   * answers mail to it when QuickBooks' CompanyInfo has no e-mail.
   */
  userEmail: string;
}

/**
 * Tells sync (bulk detection) and documents (fax and prices on pull tickets) about new settings. Recorded
 * in the outbox inside the settings transaction, so the event exists exactly when the change does.
 */
export async function recordSettingsUpdated(
  trx: Knex.Transaction,
  tenantId: string,
  settings: Omit<SettingsUpdatedData, 'pullTicketPrices'> & { pullTicketPrices?: string },
): Promise<void> {
  await recordEvent(
    trx,
    createEvent<SettingsUpdatedData>(SETTINGS_UPDATED, tenantId, {
      bulkPoSuffix: settings.bulkPoSuffix,
      bulkEstimateSuffix: settings.bulkEstimateSuffix,
      faxNumber: settings.faxNumber,
      pullTicketPrices: settings.pullTicketPrices === 'cost' ? 'cost' : 'none',
      userEmail: settings.userEmail,
    }),
  );
}
