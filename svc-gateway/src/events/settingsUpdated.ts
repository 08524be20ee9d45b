import type { Knex } from 'knex';
import { createEvent, IDENTITY_EVENTS, type SettingsUpdated } from '@printpool/contracts';
import { recordEvent } from '@printpool/service-kit';

/**
 * Tells sync (bulk detection) and documents (fax and prices on pull tickets) about new settings. Recorded
 * in the outbox inside the settings transaction, so the event exists exactly when the change does.
 */
export async function recordSettingsUpdated(
  trx: Knex.Transaction,
  tenantId: string,
  settings: Omit<SettingsUpdated, 'pullTicketPrices' | 'userEmail'> & { pullTicketPrices?: string; userEmail: string },
): Promise<void> {
  await recordEvent(
    trx,
    createEvent<SettingsUpdated>(IDENTITY_EVENTS.settingsUpdated, tenantId, {
      bulkPoSuffix: settings.bulkPoSuffix,
      bulkEstimateSuffix: settings.bulkEstimateSuffix,
      faxNumber: settings.faxNumber,
      pullTicketPrices: settings.pullTicketPrices === 'cost' ? 'cost' : 'none',
      userEmail: settings.userEmail,
    }),
  );
}
