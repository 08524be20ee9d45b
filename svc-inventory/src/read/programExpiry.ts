import { PRODUCT_DEFAULTS } from '../domain/programTerms.js';
import { POOL_QUANTITY } from '../ledger/remainingQuantity.js';

/**
 * SQL over `purchase_orders AS po`: a bulk PO's program end as read/programs.ts reads it (its
 * own expiresOn, else its date plus its vendor's term, else the product's), a date; null for a
 * standard PO. Postgres adds months as domain addMonths does: 2024-02-29 + 12 months is 2025-02-28.
 */
export const PROGRAM_EXPIRES_ON = `(CASE WHEN po.po_type = 'BULK' THEN coalesce(
    (SELECT p.expires_on FROM purchase_order_programs p WHERE p.tenant_id = po.tenant_id AND p.purchase_order_id = po.id),
    (coalesce(po.txn_date, (po.created_at AT TIME ZONE 'UTC')::date)
      + make_interval(months => coalesce(
          (SELECT v.term_months FROM vendor_program_defaults v WHERE v.tenant_id = po.tenant_id AND v.vendor_name = po.vendor_name),
          ${Number(PRODUCT_DEFAULTS.termMonths)})))::date)
  END)`;

/** SQL over `purchase_orders AS po`: units free to sell as a percent of what the pool holds of its stock lines, to one decimal. */
export const REMAINING_PERCENT = `(SELECT CASE WHEN sum(${POOL_QUANTITY}) > 0 THEN round(sum(l.qty_remaining) * 100 / sum(${POOL_QUANTITY}), 1) END
    FROM purchase_order_lines l WHERE l.tenant_id = po.tenant_id AND l.purchase_order_id = po.id AND l.kind = 'item')`;
