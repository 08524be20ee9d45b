import { formatDate } from './format.js';

/** Default e-mail subjects (docs/product.md §9); the sender may override each. */
export const pullTicketSubject = (ptNumber: string) => `Pull Ticket ${ptNumber} - Items for Fulfillment`;
export const shipmentSubject = (ptNumber: string) => `Pull Ticket ${ptNumber} - Shipped`;
export const salesOrderSubject = (soNumber: string) => `Sales Order ${soNumber}`;
/** A customer's stock statement: whose, and which days ('Oct 1, 2026 to Oct 31, 2026'). */
export const statementSubject = (customerName: string, period: { from: string; to: string }) =>
  `Stock Statement - ${customerName} - ${formatDate(period.from)} to ${formatDate(period.to)}`;
/** A company's digest of new stock alerts (docs/product.md §12). */
export const alertDigestSubject = (companyName: string, count: number) => `Stock alerts for ${companyName}: ${count} new`;

export const invitationSubject = (companyName: string) => `Invitation to join ${companyName} on PrintPool`;

/** A blank or whitespace-only override means "use the default". */
export function subjectOrDefault(given: string | undefined, fallback: string): string {
  const trimmed = given?.trim();
  return trimmed ? trimmed : fallback;
}
