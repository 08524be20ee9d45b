import { z } from 'zod';
import { ACCOUNTING_EVENTS, ConnectionEstablishedSchema } from '@printpool/contracts';
import { idempotentHandler, type Database, type EventBus, type Subscription } from '@printpool/service-kit';
import { saveCompanyName, saveFaxNumber } from '../db/tenantProfiles.js';

export const SETTINGS_UPDATED = 'identity.settings.updated';

/** The part of the gateway's identity.settings.updated data PDFs use (svc-gateway/src/events/settingsUpdated.ts). */
const SettingsUpdatedSchema = z.object({ faxNumber: z.string() });

export const PROFILE_CONSUMER = 'documents-tenant-profile';

/**
 * Mirrors what the PDF letterhead shows: the fax number from the broker's settings and the
 * company name of the connected QuickBooks company. Exactly once per event (inbox).
 */
export function subscribeProfileConsumer(db: Database, bus: EventBus): Promise<Subscription> {
  const handler = idempotentHandler(db, PROFILE_CONSUMER, async (event, trx) => {
    if (event.type === SETTINGS_UPDATED) {
      await saveFaxNumber(trx, event.tenantId, SettingsUpdatedSchema.parse(event.data).faxNumber, event.occurredAt);
    } else if (event.type === ACCOUNTING_EVENTS.connectionEstablished) {
      await saveCompanyName(trx, event.tenantId, ConnectionEstablishedSchema.parse(event.data).companyName, event.occurredAt);
    }
  });
  return bus.subscribe({ consumer: PROFILE_CONSUMER, subjects: [SETTINGS_UPDATED, ACCOUNTING_EVENTS.connectionEstablished], handler });
}
