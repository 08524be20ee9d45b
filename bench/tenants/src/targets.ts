import type { ConnectedCompany } from './connectCompany.js';
import type { SandboxAdmin } from './sandboxAdmin.js';

/** A QuickBooks line as the sandbox answers it, with what the bench changes on it. */
export interface QboLine {
  Id: string;
  DetailType: string;
  Amount?: number;
  SalesItemLineDetail?: { Qty?: number; UnitPrice?: number };
}

/** An estimate whose first item line's quantity the change stream moves by one unit and back. */
export interface EstimateTarget {
  kind: 'estimate';
  company: ConnectedCompany;
  /** The sales order the product shows for it. */
  orderId: number;
  qbId: string;
  lines: QboLine[];
  lineIndex: number;
  /** The quantity QuickBooks had at the start; changes alternate between one less and this. */
  quantity: number;
  changes: number;
}

/** A purchase order whose memo the change stream rewrites. */
export interface PurchaseOrderTarget {
  kind: 'purchaseOrder';
  company: ConnectedCompany;
  orderId: number;
  qbId: string;
  changes: number;
}

export type ChangeTarget = EstimateTarget | PurchaseOrderTarget;

/** What the bench changes in one company's QuickBooks, and the orders its editors edit (never the same ones, so neither refuses the other's version). */
export interface CompanyTargets {
  changes: ChangeTarget[];
  /** Sales orders open for editing (pending or active). */
  editable: number[];
}

/**
 * Picks, from what the product shows of a company after its first sync, the documents the
 * bench works on: every other open (pending or active) order goes to the editors, the other
 * estimate-backed orders and every purchase order from QuickBooks to the change stream.
 */
export async function companyTargets(company: ConnectedCompany, sandbox: SandboxAdmin): Promise<CompanyTargets> {
  const orders = (await company.broker.call('get /api/sales-orders', { query: { limit: 100, offset: 0 } })).filter((order) => order.qbId !== null);
  const purchaseOrders = (await company.broker.call('get /api/purchase-orders', { query: { limit: 50, offset: 0, includeClosed: 'true' } })).filter(
    (po) => po.qbId !== null,
  );
  const open = orders.filter((order) => order.status === 'pending' || order.status === 'active');
  const editable = open.filter((_, index) => index % 2 === 1).map((order) => order.id);
  const forChanges = orders.filter((order) => !editable.includes(order.id));
  const estimates = forChanges.length
    ? await sandbox.query<{ Id: string; Line: QboLine[] }>(
        company.company.realmId,
        'Estimate',
        `Id IN (${forChanges.map((order) => `'${order.qbId}'`).join(', ')})`,
      )
    : [];
  const changes: ChangeTarget[] = [];
  for (const order of forChanges) {
    const estimate = estimates.find((each) => each.Id === order.qbId);
    const lineIndex = estimate?.Line.findIndex((line) => line.DetailType === 'SalesItemLineDetail' && (line.SalesItemLineDetail?.Qty ?? 0) >= 2) ?? -1;
    if (!estimate || lineIndex < 0) continue;
    const quantity = estimate.Line[lineIndex]!.SalesItemLineDetail!.Qty!;
    changes.push({ kind: 'estimate', company, orderId: order.id, qbId: order.qbId!, lines: estimate.Line, lineIndex, quantity, changes: 0 });
  }
  for (const po of purchaseOrders) changes.push({ kind: 'purchaseOrder', company, orderId: po.id, qbId: po.qbId!, changes: 0 });
  return { changes, editable };
}
