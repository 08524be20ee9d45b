import { createServiceClient, HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { InvitationMailInput } from '@printpool/contracts';

export interface InvitationMailer {
  /** True when the mail server took it; false when it refused and svc-documents logged it to send again later. */
  send(caller: CallerIdentity, mail: InvitationMailInput): Promise<boolean>;
}

/** The invitation e-mail goes out through svc-documents, logged with the company's other mail (docs/architecture.md §2). */
export function invitationMailer(options: { documentsUrl: string | undefined; internalTokenSecret: string }): InvitationMailer {
  const documents = createServiceClient({ from: 'gateway', to: 'svc-documents', baseUrl: options.documentsUrl, secret: options.internalTokenSecret });
  return {
    async send(caller, mail) {
      try {
        await documents.json(caller, 'POST', '/api/internal/notifications/invitation', mail);
        return true;
      } catch (error) {
        // svc-documents answered 502 itself: the mail server refused, the mail is logged and kept for a resend.
        if (error instanceof HttpError && error.status === 502 && error.code === 'UPSTREAM_ERROR') return false;
        throw error;
      }
    },
  };
}
