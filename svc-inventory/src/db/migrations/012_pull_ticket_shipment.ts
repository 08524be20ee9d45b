import type { Migration } from '@printpool/service-kit';

/**
 * How a ticket's goods left (the carrier and its tracking number, recorded by the ship dialog
 * and sent in the customer's notification), and the bulk PO the ticket pulls from by id, so
 * order, ticket and PO link to each other (the PO number alone can be reused in QuickBooks).
 */
export const pullTicketShipmentMigration: Migration = {
  name: '012_pull_ticket_shipment',
  async up(knex) {
    await knex.schema.alterTable('pull_tickets', (t) => {
      t.text('carrier');
      t.text('tracking_number');
      t.bigInteger('bulk_po_id');
    });
  },
};
