/**
 * SQL condition for a purchase order (aliased `po`) that belongs to the pool: a bulk order
 * whose effective status (the broker's override, else QuickBooks') is open.
 */
export const OPEN_BULK_PO = "po.po_type = 'BULK' AND coalesce(po.override_status, po.source_status) = 'open'";
