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
}

/**
 * Tells sync (bulk detection) and documents (fax and prices on pull tickets) about new settings. Recorded
 * in the outbox inside the settings transaction, so the event exists exactly when the change does.
 */
export async function recordSettingsUpdated(trx: Knex.Transaction, tenantId: string, settings: SettingsUpdatedData): Promise<void> {
  await recordEvent(
    trx,
    createEvent<SettingsUpdatedData>(SETTINGS_UPDATED, tenantId, {
      bulkPoSuffix: settings.bulkPoSuffix,
      bulkEstimateSuffix: settings.bulkEstimateSuffix,
      faxNumber: settings.faxNumber,
      pullTicketPrices: settings.pullTicketPrices === 'cost' ? 'cost' : 'none',
    }),
  );
}
