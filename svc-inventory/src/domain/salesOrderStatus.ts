import type { AccountingEstimate } from '@printpool/contracts';
import { goodsCommitted, type SalesOrderStatus } from '@printpool/domain';

export { goodsCommitted, type SalesOrderStatus };
export type TxnStatus = AccountingEstimate['txnStatus'];

/**
 * A sales order's status from its estimate (docs/architecture.md §5): Pending is 'active' once a bulk
 * PO covers it and 'pending' until then; Accepted is 'processing'; Closed (invoiced) is
 * 'completed'; Rejected is 'cancelled'.
 */
export function statusFromEstimate(txnStatus: TxnStatus, allocated: boolean): SalesOrderStatus {
  switch (txnStatus) {
    case 'Pending':
      return allocated ? 'active' : 'pending';
    case 'Accepted':
      return 'processing';
    case 'Closed':
      return 'completed';
    case 'Rejected':
      return 'cancelled';
  }
}
