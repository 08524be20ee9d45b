import { createServiceClient, type CallerIdentity } from '@printpool/service-kit';
import { MailOutcomeSchema, type InvitationMailInput } from '@printpool/contracts';

export interface InvitationMailer {
  /** True when the mail server took it; false when it refused and svc-documents logged it to send again later. */
  send(caller: CallerIdentity, mail: InvitationMailInput): Promise<boolean>;
}

/** The invitation e-mail goes out through svc-documents, logged with the company's other mail (docs/architecture.md §2). */
export function invitationMailer(options: { documentsUrl: string | undefined; internalTokenSecret: string }): InvitationMailer {
  const documents = createServiceClient({ from: 'gateway', to: 'svc-documents', baseUrl: options.documentsUrl, secret: options.internalTokenSecret });
  return {
    async send(caller, mail) {
      // 202 queued: the mail server refused, the mail is logged and svc-documents sends it again by itself.
      const { body } = await documents.json(caller, 'POST', '/api/internal/notifications/invitation', mail);
      return MailOutcomeSchema.parse(body).status === 'sent';
    },
  };
}
