/**
 * QuickBooks item types that never hold stock: a Category only groups items, and a Group (a
 * bundle) is sold as its components, which are what the pool holds and draws. Neither is
 * offered as inventory. SQL condition on an item aliased `alias`; an item without a type is
 * an ordinary one.
 */
export const isStockItem = (alias: string) => `(${alias}.type IS NULL OR ${alias}.type NOT IN ('Category', 'Group'))`;
