import type { EmailLog, EmailReferenceType, HistoryDocumentKind, HistoryEntry } from '@printpool/contracts';
import { callRoute } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';

/** Where each kind of document lives in the API, and how the communication log refers to it (libs/contracts documents.ts). */
const DOCUMENTS: Record<HistoryDocumentKind, { path: string; referenceType: EmailReferenceType }> = {
  'purchase-order': { path: '/api/purchase-orders', referenceType: 'PO' },
  'sales-order': { path: '/api/sales-orders', referenceType: 'SO' },
  'pull-ticket': { path: '/api/pull-tickets', referenceType: 'PT' },
};

/**
 * The document's history (svc-inventory) and the e-mails sent for it (svc-documents). Keyed under
 * the document's list and the communication log, so whatever refreshes those after a change or a
 * live event refreshes the tab too (libs/platform invalidate.ts, liveInvalidation.ts).
 */
export function useDocumentHistory(kind: HistoryDocumentKind, id: number) {
  const { path, referenceType } = DOCUMENTS[kind];
  const history = useQuery<HistoryEntry[]>({ queryKey: [path, id, 'history'] });
  const emails = useQuery<EmailLog[]>({
    queryKey: ['/api/email-logs', { referenceType, referenceId: id }],
    queryFn: () => callRoute('get /api/email-logs', { query: { referenceType, referenceId: id, limit: 500 } }),
  });
  return { history, emails };
}
