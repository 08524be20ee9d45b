import type { Migration } from '@printpool/service-kit';

/**
 * Releases that keep a program's rules (docs/product.md §11): what the vendor charges for each
 * ticket's release, as its program said when the ticket was made, and the override a ticket
 * breaking the rules was released under (its reason and the rules as they were worded). Tickets
 * made before read the charge their PO's program says now: its own, else its vendor's, else none.
 */
export const releaseRulesMigration: Migration = {
  name: '024_release_rules',
  async up(knex) {
    await knex.schema.alterTable('pull_tickets', (t) => {
      t.decimal('release_charge', 14, 2);
      t.jsonb('program_override');
    });
    await knex.raw(`
      UPDATE pull_tickets pt SET release_charge = coalesce(
        (SELECT p.release_charge FROM purchase_order_programs p WHERE p.tenant_id = pt.tenant_id AND p.purchase_order_id = pt.bulk_po_id),
        (SELECT v.release_charge FROM purchase_orders po JOIN vendor_program_defaults v ON v.tenant_id = po.tenant_id AND v.vendor_name = po.vendor_name
          WHERE po.tenant_id = pt.tenant_id AND po.id = pt.bulk_po_id),
        0)
      WHERE pt.bulk_po_id IS NOT NULL`);
  },
};
