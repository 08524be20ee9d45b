import { ACCOUNTING_EVENTS, CompanyUpdatedSchema, ConnectionEstablishedSchema, IDENTITY_EVENTS, SettingsUpdatedSchema } from '@printpool/contracts';
import { idempotentHandler, type Database, type EventBus, type Subscription } from '@printpool/service-kit';
import { saveCompanyInfo, saveCompanyName, saveSettings } from '../db/tenantProfiles.js';
import { formatAddress } from '../domain/address.js';

export const PROFILE_CONSUMER = 'documents-tenant-profile';

/**
 * Mirrors what the PDF letterhead shows: the fax number from the broker's settings, the company
 * name of the connected QuickBooks company, and its CompanyInfo (legal name, address, phone,
 * e-mail) as svc-sync reads it on each full sync. Exactly once per event (inbox).
 */
export function subscribeProfileConsumer(db: Database, bus: EventBus): Promise<Subscription> {
  const handler = idempotentHandler(db, PROFILE_CONSUMER, async (event, trx) => {
    if (event.type === IDENTITY_EVENTS.settingsUpdated) {
      const settings = SettingsUpdatedSchema.parse(event.data);
      await saveSettings(
        trx,
        event.tenantId,
        { faxNumber: settings.faxNumber, pullTicketPrices: settings.pullTicketPrices, accountEmail: settings.userEmail?.trim() || null },
        event.occurredAt,
      );
    } else if (event.type === ACCOUNTING_EVENTS.connectionEstablished) {
      await saveCompanyName(trx, event.tenantId, ConnectionEstablishedSchema.parse(event.data).companyName, event.occurredAt);
    } else if (event.type === ACCOUNTING_EVENTS.companyUpdated) {
      const info = CompanyUpdatedSchema.parse(event.data);
      await saveCompanyInfo(
        trx,
        event.tenantId,
        { companyName: info.companyName, legalName: info.legalName, address: formatAddress(info.address), phone: info.phone, email: info.email },
        event.occurredAt,
      );
    }
  });
  return bus.subscribe({
    consumer: PROFILE_CONSUMER,
    subjects: [IDENTITY_EVENTS.settingsUpdated, ACCOUNTING_EVENTS.connectionEstablished, ACCOUNTING_EVENTS.companyUpdated],
    handler,
  });
}
