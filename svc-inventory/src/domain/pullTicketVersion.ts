import type { PullTicket } from '@printpool/contracts';
import { fieldDifferences, formVersion } from '@printpool/service-kit';

/** What the pull ticket edit form changes (docs/product.md §5): a ticket's version is of these alone. */
const FORM_FIELDS = [
  ['status', 'Status'],
  ['vendorEmail', 'Vendor email'],
  ['vendorPhone', 'Vendor phone'],
  ['vendorAddress', 'Vendor address'],
  ['shipByDate', 'Ship-by date'],
  ['notes', 'Notes'],
] as const satisfies readonly (readonly [keyof PullTicket, string])[];

export const pullTicketVersion = (ticket: Omit<PullTicket, 'version'>): string => formVersion(FORM_FIELDS, ticket);

export const pullTicketDifferences = (current: PullTicket, proposed: Partial<PullTicket>) => fieldDifferences(FORM_FIELDS, current, proposed);
