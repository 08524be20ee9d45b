import type { PullTicketListFilters, PullTicketListSort } from '@printpool/contracts';
import { parseSort, totalQuantity } from '@printpool/domain';
import { containsPattern } from '../domain/paging.js';
import type { CsvColumn } from './csvExport.js';
import { listOrder, type ListSelection } from './listPage.js';
import { PULL_TICKET_SELECT, type PullTicketView } from './pullTicketView.js';
import { sqlPart, type SqlPart } from './sqlPart.js';

const SORTABLE: Record<PullTicketListSort, string> = {
  ptNumber: 'pt.pt_number',
  soNumber: 'pt.so_number',
  customerName: 'pt.customer_name',
  vendorName: 'pt.vendor_name',
  status: 'pt.status',
  createdAt: 'pt.created_at',
};

/** The Pull Tickets list: newest first; `search` matches ticket number, vendor, sales order number, customer or status (spec §2). */
export function pullTicketList(tenantId: string, search: string | null, filters: PullTicketListFilters): ListSelection {
  const where: [SqlPart, ...SqlPart[]] = [sqlPart('pt.tenant_id = ?', tenantId)];
  if (search) {
    const pattern = containsPattern(search);
    const columns = ['pt.pt_number', 'pt.vendor_name', 'pt.so_number', 'pt.customer_name', 'pt.status'];
    where.push(sqlPart(`(${columns.map((column) => `${column} ILIKE ?`).join(' OR ')})`, ...columns.map(() => pattern)));
  }
  if (filters.status) where.push(sqlPart('pt.status = ?', filters.status));
  if (filters.customer) where.push(sqlPart('pt.customer_name ILIKE ?', containsPattern(filters.customer)));
  if (filters.vendor) where.push(sqlPart('pt.vendor_name ILIKE ?', containsPattern(filters.vendor)));
  if (filters.from) where.push(sqlPart('pt.created_at >= ?::date', filters.from));
  if (filters.to) where.push(sqlPart(`pt.created_at < ?::date + 1`, filters.to));
  return {
    table: 'pull_tickets',
    alias: 'pt',
    where,
    columns: PULL_TICKET_SELECT,
    order: listOrder(parseSort<PullTicketListSort>(filters.sort), SORTABLE, [['pt.created_at', 'desc'], ['pt.id', 'desc']], 'pt.id'),
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
