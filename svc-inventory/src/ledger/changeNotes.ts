/**
 * What a ledger write moved, noted for the unit of work it runs in (application/changeSet.ts),
 * which refreshes the item levels and records the events once the change is done. The ledger
 * sits below that unit of work and knows only this much of it.
 */
export interface ChangeNotes {
  readonly purchaseOrders: Set<number>;
  readonly salesOrders: Set<number>;
  readonly items: Set<string>;
}
