import { IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER, routeRequest, type RouteInput, type StatementSchedule } from '@printpool/contracts';
import type { StatementPeriod } from '@printpool/domain';
import { apiRequest, callRoute, downloadFile, invalidateAfterMutation, queuedMailNotice, useNotifiedMutation } from '@printpool/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';

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

/** GET /api/customers/{id}/statement/schedule; the platform's query function GETs the key's path. */
const scheduleKey = (customerId: number) => [`/api/customers/${customerId}/statement/schedule`];

/** Whether the customer's statement goes to them each month, and when next (docs/product.md §12). */
export function useStatementSchedule(customerId: number) {
  return useQuery<StatementSchedule>({ queryKey: scheduleKey(customerId) });
}

/** Turns the monthly statement on or off, on the version read (libs/contracts versionedWrite.ts). */
export function useSaveStatementSchedule(customerId: number) {
  const queryClient = useQueryClient();
  return useNotifiedMutation({
    mutationFn: ({ monthly, version }: { monthly: boolean; version: string }) =>
      callRoute('put /api/customers/:id/statement/schedule', { params: { id: customerId }, body: { monthly }, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    // Read again however it ended: refused as stale (409), the box shows the schedule as someone else left it, at its new version.
    invalidates: null,
    onSettled: () => invalidateAfterMutation(queryClient, scheduleKey(customerId)),
    success: (_sent, saved) => ({ title: saved.monthly ? 'Monthly statement on' : 'Monthly statement off' }),
    failure: { title: 'Error', fallback: 'Failed to save the monthly statement' },
  });
}
