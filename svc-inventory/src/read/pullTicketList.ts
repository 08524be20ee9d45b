import type { PullTicketListFilters, PullTicketListSort } from '@printpool/contracts';
import { parseSort, totalQuantity } from '@printpool/domain';
import type { CsvColumn } from './csvExport.js';
import { equalTo, searchIn, withinDays } from './listConditions.js';
import { listOrder, type ListSelection } from './listPage.js';
import { PULL_TICKET_SELECT, type PullTicketView } from './pullTicketView.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

const SORTABLE: Record<PullTicketListSort, string> = {
  ptNumber: 'pt.pt_number',
  soNumber: 'pt.so_number',
  customerName: 'pt.customer_name',
  vendorName: 'pt.vendor_name',
  status: 'pt.status',
  createdAt: 'pt.created_at',
};

/** The Pull Tickets list: newest first; `search` matches ticket number, vendor, sales order number, customer or status (docs/product.md §2). */
export function pullTicketList(tenantId: string, search: string | null, filters: PullTicketListFilters): ListSelection {
  const where: [SqlPart, ...SqlPart[]] = [
    sqlPart('pt.tenant_id = ?', tenantId),
    ...searchIn(['pt.pt_number', 'pt.vendor_name', 'pt.so_number', 'pt.customer_name', 'pt.status'], search),
    ...equalTo('pt.status', filters.status),
    ...searchIn(['pt.customer_name'], filters.customer),
    ...searchIn(['pt.vendor_name'], filters.vendor),
    ...withinDays('pt.created_at', filters),
  ];
  return {
    table: 'pull_tickets',
    alias: 'pt',
    where,
    columns: PULL_TICKET_SELECT,
    order: listOrder(
      parseSort<PullTicketListSort>(filters.sort),
      SORTABLE,
      [
        ['pt.created_at', 'desc'],
        ['pt.id', 'desc'],
      ],
      'pt.id',
    ),
  };
}

export const PULL_TICKET_CSV: CsvColumn<PullTicketView>[] = [
  ['Ticket #', (ticket) => ticket.ptNumber],
  ['Sales Order', (ticket) => ticket.soNumber],
  ['Customer', (ticket) => ticket.customerName],
  ['Vendor', (ticket) => ticket.vendorName],
  ['Bulk PO', (ticket) => ticket.bulkPoNumber],
  ['Total Qty', (ticket) => totalQuantity(ticket.items)],
  ['Status', (ticket) => ticket.status],
  ['Ship By', (ticket) => ticket.shipByDate],
  ['Shipped', (ticket) => ticket.shippedAt],
  ['Carrier', (ticket) => ticket.carrier],
  ['Tracking Number', (ticket) => ticket.trackingNumber],
  ['Created', (ticket) => ticket.createdAt],
];
