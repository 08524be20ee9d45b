/**
 * A field the broker changed in PrintPool and a QuickBooks user changed to another value since
 * the order was last synced: found when an import meets a pending edit (svc-inventory) or when
 * write-back reads the estimate (svc-sync). Neither value is written over the other.
 */
export interface QuickbooksConflict {
  /** 'Line 3 quantity', 'Bill-to e-mail'. */
  field: string;
  /** The broker's value in PrintPool. */
  printPool: unknown;
  /** QuickBooks' current value. */
  quickBooks: unknown;
}

/** The order's sync error while it is in conflict: both values of every field, so the broker can choose. */
export function conflictMessage(conflicts: readonly QuickbooksConflict[]): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return `Nothing was written to QuickBooks, where the estimate holds other values: ${conflicts
    .map((c) => `${c.field}: PrintPool ${show(c.printPool)}, QuickBooks ${show(c.quickBooks)}`)
    .join('; ')}`;
}
