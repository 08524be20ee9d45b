import type { PullTicket, RouteInput } from '@printpool/contracts';
import type { PullTicketStatus } from '@printpool/domain';

/** What the edit form holds; the ship-by date as the date input's YYYY-MM-DD text. */
export interface PullTicketFormValues {
  vendorEmail: string;
  vendorPhone: string;
  vendorAddress: string;
  status: PullTicketStatus;
  notes: string;
  shipByDate: string;
}

/** The body of PUT /api/pull-tickets/{id} (docs/product.md §7); `override` takes a cancelled ticket back although it breaks its bulk PO's program (§11). */
export type PullTicketUpdateBody = RouteInput<'put /api/pull-tickets/:id'>['body'];

/** Today in the broker's own time zone, as a date input writes it. */
export function todayInputDate(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A stored date ('2026-03-05' or a full timestamp) as the date input's text. */
export function toInputDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

export function initialFormValues(ticket: PullTicket): PullTicketFormValues {
  return {
    vendorEmail: ticket.vendorEmail ?? '',
    vendorPhone: ticket.vendorPhone ?? '',
    vendorAddress: ticket.vendorAddress ?? '',
    status: ticket.status,
    notes: ticket.notes ?? '',
    shipByDate: toInputDate(ticket.shipByDate),
  };
}

/** Every field of the form; empty texts are sent as null, which clears them. */
export function toUpdateBody(values: PullTicketFormValues): PullTicketUpdateBody {
  const orNull = (text: string | undefined) => text?.trim() || null;
  return {
    vendorEmail: orNull(values.vendorEmail),
    vendorPhone: orNull(values.vendorPhone),
    vendorAddress: orNull(values.vendorAddress),
    status: values.status,
    notes: orNull(values.notes),
    shipByDate: values.shipByDate || null,
  };
}
