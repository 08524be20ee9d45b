import {
  DELETED_ORDER_TICKET_HELD,
  PullTicketApprovalSchema,
  PullTicketListFiltersSchema,
  PullTicketShipmentSchema,
  pullTicketUpdateSchema,
} from '@printpool/contracts';
import {
  answerVersioned,
  basedOnVersion,
  createRouter,
  notFound,
  parseInput,
  requestBody,
  unprocessable,
  versionConflict,
  type Logger,
  type ServiceClient,
  type ServiceRouter,
} from '@printpool/service-kit';
import { canApprove, isShipped } from '../domain/pullTicketStatus.js';
import { pullTicketDifferences } from '../domain/pullTicketVersion.js';
import { requestReason } from '../application/history.js';
import type { ChangeContext } from '../application/transaction.js';
import { changePullTicket, deletePullTicket } from '../pullTickets/changePullTicket.js';
import { notifyShipment } from '../pullTickets/notifyShipment.js';
import { keepProgramRulesOnEdit } from '../pullTickets/programRules.js';
import { PULL_TICKET_CSV, pullTicketList } from '../read/pullTicketList.js';
import { loadPullTicket, pullTicketView, type PullTicketRow } from '../read/pullTicketView.js';
import { listRoutes } from './listRoutes.js';
import { recordId } from './params.js';

export const NO_BULK_PO_TO_SHIP =
  'This pull ticket has no bulk purchase order, so no vendor was asked to pull its items: choose the order’s bulk PO and create its ticket again';

export interface PullTicketRouteContext extends ChangeContext {
  /** svc-documents, which e-mails the customer's shipping notification. */
  documents: ServiceClient;
  logger: Logger;
}

/** Pull Tickets page (docs/product.md §2, §5): list, view, edit, delete, approve, ship. */
export function pullTicketRoutes(context: PullTicketRouteContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/pull-tickets');

  listRoutes(router, context.db, '/', {
    filters: PullTicketListFiltersSchema,
    select: pullTicketList,
    view: (row: PullTicketRow) => pullTicketView(row),
    csv: PULL_TICKET_CSV,
    fileName: 'pull-tickets',
  });

  router.get('/:id', async (ctx) => {
    const ticket = await loadPullTicket(knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Pull ticket'));
    if (!ticket) throw notFound('Pull ticket');
    answerVersioned(ctx, ticket);
  });

  router.put('/:id', async (ctx) => {
    const id = recordId(ctx.params.id, 'Pull ticket');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(pullTicketUpdateSchema(), requestBody(ctx), { wordedForTheScreen: true });
    const tenantId = ctx.state.caller.tenantId;
    const { after } = await changePullTicket(context, tenantId, requestReason(ctx.state, 'Edited'), id, async (current, trx) => {
      if (current.version !== basedOn) throw versionConflict('pull ticket', current, pullTicketDifferences(current, input));
      // The broker may cancel it or keep editing the vendor's details, but not move it on for a vendor (docs/product.md §4).
      if (current.orderDeletedInQuickbooksAt && input.status !== undefined && input.status !== current.status && input.status !== 'cancelled')
        throw orderDeleted(current.orderDeletedInQuickbooksAt);
      const override = await keepProgramRulesOnEdit(trx, tenantId, current, input.status, input.override);
      return withoutUndefined({
        vendor_email: input.vendorEmail,
        vendor_phone: input.vendorPhone,
        vendor_address: input.vendorAddress,
        status: input.status,
        notes: input.notes,
        ship_by_date: input.shipByDate,
        program_override: override ? JSON.stringify(override) : undefined,
      });
    });
    answerVersioned(ctx, after);
  });

  router.delete('/:id', async (ctx) => {
    if (!(await deletePullTicket(context, ctx.state.caller.tenantId, requestReason(ctx.state, 'Deleted'), recordId(ctx.params.id, 'Pull ticket'))))
      throw notFound('Pull ticket');
    ctx.status = 204;
  });

  router.post('/:id/approve', async (ctx) => {
    const id = recordId(ctx.params.id, 'Pull ticket');
    const input = parseInput(PullTicketApprovalSchema, requestBody(ctx), { wordedForTheScreen: true });
    const { after } = await changePullTicket(context, ctx.state.caller.tenantId, requestReason(ctx.state, 'Approved'), id, (current) => {
      if (!canApprove(current.status))
        throw unprocessable(`Only a sent pull ticket can be approved (this one is ${current.status})`, { field: 'status', status: current.status });
      return { status: 'processing', approval_notes: input.approvalNotes ?? null, attachment_path: input.attachmentPath };
    });
    ctx.body = after;
  });

  /**
   * Records the shipment, then (by default) has svc-documents e-mail the customer. A ticket
   * already shipped only re-sends the e-mail. A failed e-mail leaves the shipment recorded and
   * says so in `notification`, so the broker can send it again.
   */
  router.post('/:id/ship', async (ctx) => {
    const caller = ctx.state.caller;
    const id = recordId(ctx.params.id, 'Pull ticket');
    const input = parseInput(PullTicketShipmentSchema, requestBody(ctx), { wordedForTheScreen: true });
    const { after } = await changePullTicket(context, caller.tenantId, requestReason(ctx.state, 'Shipped'), id, (current) => {
      if (current.status === 'cancelled') throw unprocessable('A cancelled pull ticket cannot be shipped', { field: 'status', status: current.status });
      if (current.orderDeletedInQuickbooksAt && !isShipped(current.status)) throw orderDeleted(current.orderDeletedInQuickbooksAt);
      const shipment = withoutUndefined({ carrier: input.carrier, tracking_number: input.trackingNumber });
      // Sending the notification again may correct the carrier or tracking number it carries.
      if (isShipped(current.status)) return shipment;
      // Without its bulk PO the vendor was never told what to pull (tickets made before createPullTicket.ts required one).
      if (current.bulkPoNumber === null) throw unprocessable(NO_BULK_PO_TO_SHIP, { field: 'bulkPoNumber' });
      return { ...shipment, status: 'shipped' };
    });
    const notification = await notifyShipment(context.documents, caller, after, input);
    if (notification && 'error' in notification) context.logger.warn({ pullTicketId: id, error: notification.error }, 'shipping notification failed');
    ctx.body = { ...after, notification };
  });

  return router;
}

/** A ticket whose order's estimate QuickBooks deleted (orders/deletedEstimates.ts) waits for the broker to cancel it or re-create the estimate. */
function orderDeleted(deletedAt: string) {
  return unprocessable(DELETED_ORDER_TICKET_HELD, { field: 'orderDeletedInQuickbooksAt', orderDeletedInQuickbooksAt: deletedAt });
}

/** The columns a partial edit sets: an absent field stays as it is. */
function withoutUndefined(values: Record<string, unknown>): Record<string, unknown> | null {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return Object.keys(set).length ? set : null;
}
