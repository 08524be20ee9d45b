import { AlertsDigestSchema, INVENTORY_EVENTS, MailOutcomeSchema, type AlertDigestMail } from '@printpool/contracts';
import { createServiceClient, type Database, type EventBus, type Logger, type Subscription } from '@printpool/service-kit';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';

export const ALERT_DIGEST_CONSUMER = 'gateway-alert-digest';

/** Who reads a company's digest of stock alerts: the members who act on it (docs/product.md §6, §12). */
const RECIPIENT_ROLES = ['owner', 'staff'] as const;

export interface AlertDigestOptions {
  documentsUrl: string | undefined;
  internalTokenSecret: string;
  /** The product's address, for the links in the mail; the mail goes without it as http://localhost. */
  publicOrigin: string | undefined;
  logger: Logger;
}

/**
 * E-mails a company's digest of new stock alerts (inventory.alerts.digest, svc-inventory
 * src/alerts/announceAlerts.ts) to each of its owners and staff through svc-documents, which logs
 * it. The gateway holds the members, so it names them. Each mail's Idempotency-Key is the event's
 * id and the member's: a redelivered event, on any replica, sends nothing twice, and a mail the
 * server refused is sent again by svc-documents itself.
 */
export function followAlertDigests(db: Database, bus: EventBus, options: AlertDigestOptions): Promise<Subscription> {
  const documents = createServiceClient({ from: 'gateway', to: 'svc-documents', baseUrl: options.documentsUrl, secret: options.internalTokenSecret });
  return bus.subscribe({
    consumer: ALERT_DIGEST_CONSUMER,
    subjects: [INVENTORY_EVENTS.alertsDigest],
    handler: async (event) => {
      const { asOf, alerts } = AlertsDigestSchema.parse(event.data);
      const [tenant, members] = await Promise.all([
        Tenant.query(db.knex).findById(event.tenantId),
        User.query(db.knex)
          .where('tenant_id', event.tenantId)
          .whereIn('role', [...RECIPIENT_ROLES])
          .orderBy('created_at'),
      ]);
      if (!tenant) return;
      for (const member of members) {
        const mail: AlertDigestMail = { email: member.email, companyName: tenant.name, asOf, alerts, appOrigin: options.publicOrigin ?? 'http://localhost' };
        const { body } = await documents.json({ tenantId: event.tenantId, userId: member.id }, 'POST', '/api/internal/notifications/alert-digest', mail, {
          'Idempotency-Key': `${event.id}:${member.id}`,
        });
        options.logger.info({ tenantId: event.tenantId, memberId: member.id, status: MailOutcomeSchema.parse(body).status }, 'stock alerts e-mailed');
      }
    },
  });
}
