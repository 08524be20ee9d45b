import { faults } from '../api/faults.js';
import type { EntityDefinition } from './definition.js';
import { ENTITY_PROPERTIES, LINE_PROPERTIES } from './properties.js';

/** Longest values QBO stores: it refuses longer ones (2050) rather than truncate them. */
const MAX_DOC_NUMBER = 21;
const MAX_NAME = 100;

/** Line details whose Amount QBO recomputes from Qty × UnitPrice and checks against the one sent. */
const PRICED_DETAILS = ['SalesItemLineDetail', 'ItemBasedExpenseLineDetail'] as const;

/** Half a cent, plus room for binary floating point: QBO compares at cent precision. */
const CENT_TOLERANCE = 0.005 + 1e-9;

type Body = Record<string, unknown>;

function checkLength(element: string, value: unknown, max: number): void {
  if (typeof value === 'string' && value.length > max) throw faults.stringLength(element, max, value.length);
}

function checkLines(lines: unknown): void {
  if (!Array.isArray(lines)) return;
  lines.forEach((line, index) => {
    if (!line || typeof line !== 'object') return;
    const fields = line as Body;
    for (const key of Object.keys(fields)) {
      if (!LINE_PROPERTIES.has(key)) throw faults.unknownProperty('Line', key);
    }
    for (const detailType of PRICED_DETAILS) {
      const detail = fields[detailType] as Body | undefined;
      if (fields.DetailType !== detailType || !detail) continue;
      const { Qty, UnitPrice } = detail;
      const amount = fields.Amount;
      // QBO derives whichever of the three is missing; only a full, inconsistent set is refused.
      if (typeof amount !== 'number' || typeof Qty !== 'number' || typeof UnitPrice !== 'number') continue;
      if (Math.abs(amount - Qty * UnitPrice) > CENT_TOLERANCE) throw faults.amountMismatch(amount, `Line[${index}].Amount`);
    }
  });
}

/**
 * What QBO refuses in a create or update body before it looks at references or business
 * rules: properties its schema lacks (2010), over-long strings (2050), a `:` in a name
 * (2040: QBO reserves it to join parent and child names) and line amounts that disagree
 * with quantity and price (6070). A sparse update is checked on the fields it sends.
 */
export function validateWrite(definition: EntityDefinition, body: Body): void {
  const known = ENTITY_PROPERTIES[definition.name];
  for (const key of Object.keys(body)) {
    if (!known.has(key)) throw faults.unknownProperty(definition.name, key);
  }
  checkLength('DocNumber', body.DocNumber, MAX_DOC_NUMBER);
  if (definition.uniqueName) {
    for (const field of ['DisplayName', 'Name'] as const) {
      const value = body[field];
      if (typeof value !== 'string') continue;
      checkLength(field, value, MAX_NAME);
      if (value.includes(':')) throw faults.invalidString(field, value);
    }
  }
  checkLines(body.Line);
}
