import type { EntityName } from '../store/types.js';
import type { EntityTable } from '../store/entity-table.js';

/** The sales forms QBO numbers itself when a create leaves DocNumber out. */
const NUMBERED = new Set<EntityName>(['Estimate', 'Invoice']);

/** QBO's first number of a company that has none yet. */
const FIRST = 1001;

/**
 * The DocNumber QBO gives a sales form created without one, in a company that keeps QuickBooks'
 * default of automatic numbers (Preferences.SalesFormsPrefs.CustomTxnNumbers false): the number of
 * the last one created with a number, plus one; text numbers ('1045-BL') are passed over. A form
 * sent with a DocNumber keeps it. Undefined for the entities QBO does not number.
 */
export function nextDocNumber(entity: EntityName, table: EntityTable): string | undefined {
  if (!NUMBERED.has(entity)) return undefined;
  for (let at = table.byId.length - 1; at >= 0; at -= 1) {
    const number = table.byId[at]!.data.DocNumber;
    if (typeof number === 'string' && /^\d{1,20}$/.test(number)) return String(Number(number) + 1);
  }
  return String(FIRST);
}
