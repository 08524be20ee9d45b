import { IDEMPOTENCY_KEY_HEADER, routeRequest, type RouteInput } from '@printpool/contracts';
import type { StatementPeriod } from '@printpool/domain';
import { apiRequest, callRoute, downloadFile, queuedMailNotice, useNotifiedMutation } from '@printpool/platform';

/** Whose statement, of which days (docs/product.md §12). */
export type StatementRequest = StatementPeriod & { customerId: number };

/** GET /api/customers/{id}/statement.pdf, saved as the file the server names. */
export function useDownloadStatement() {
  return useNotifiedMutation({
    // A PDF, not JSON: its response is saved as it came.
    mutationFn: async ({ customerId, from, to }: StatementRequest) => {
      const { url } = routeRequest('get /api/customers/:id/statement.pdf', { params: { id: customerId }, query: { from, to } });
      await downloadFile(await apiRequest('GET', url), `statement-${from}-to-${to}.pdf`);
    },
    success: { title: 'Statement downloaded' },
    failure: { title: 'Error', fallback: 'Failed to download the statement' },
  });
}

/** The E-mail Statement dialog's send: whose, which days, its words and the key of this send, the same on its retry. */
type StatementEmail = RouteInput<'post /api/customers/:id/statement/email'>['body'] & { customerId: number; idempotencyKey: string };

/** Sent, or queued by the mail server's refusal and sent again by itself: then the broker is told when, not to send it again. */
export function useEmailStatement() {
  return useNotifiedMutation({
    mutationFn: ({ customerId, idempotencyKey, ...body }: StatementEmail) =>
      callRoute('post /api/customers/:id/statement/email', { params: { id: customerId }, body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    success: (_sent, outcome) =>
      outcome.status === 'queued' ? queuedMailNotice(outcome.nextAttemptAt) : { title: 'Statement e-mailed', description: outcome.message },
    failure: { title: 'Error', fallback: 'Failed to e-mail the statement' },
  });
}
