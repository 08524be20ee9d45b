import { faults } from '../api/faults.js';
import type { QueryField } from '../entities/definition.js';
import type { EntityRecord } from '../store/types.js';
import type { Condition, Literal } from './parser.js';

type Comparable = string | number | boolean | undefined;

/** Reads a queryable property in the form it is compared in. */
export function fieldReader(field: QueryField): (record: EntityRecord) => Comparable {
  const [head, tail] = field.path as [string, string | undefined];
  if (head === 'MetaData' && tail === 'LastUpdatedTime') return (record) => record.updatedMs;
  if (head === 'Id') return (record) => record.id;
  const raw = (record: EntityRecord): unknown => {
    const top = record.data[head];
    return tail === undefined ? top : (top as Record<string, unknown> | undefined)?.[tail];
  };
  switch (field.kind) {
    case 'datetime':
      return (record) => {
        const value = raw(record);
        return typeof value === 'string' ? Date.parse(value) : undefined;
      };
    case 'ref':
      return (record) => normalizeString((raw(record) as { value?: unknown } | undefined)?.value);
    case 'email':
      return (record) => normalizeString((raw(record) as { Address?: unknown } | undefined)?.Address);
    case 'string':
    case 'date':
      return (record) => normalizeString(raw(record));
    default:
      return (record) => raw(record) as Comparable;
  }
}

/** QBO compares strings without regard to case. */
function normalizeString(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value).toLowerCase();
}

/** Converts a literal to the field's comparison form, refusing what QBO refuses. */
export function coerceLiteral(field: QueryField, name: string, literal: Literal): Comparable {
  switch (field.kind) {
    case 'datetime': {
      const ms = Date.parse(String(literal));
      if (Number.isNaN(ms)) throw faults.queryValidation(`Invalid value ${String(literal)} for property ${name}`);
      return ms;
    }
    case 'number': {
      const value = Number(literal);
      if (Number.isNaN(value)) throw faults.queryValidation(`Invalid value ${String(literal)} for property ${name}`);
      return value;
    }
    case 'boolean':
      if (literal === true || literal === 'true') return true;
      if (literal === false || literal === 'false') return false;
      throw faults.queryValidation(`Invalid value ${String(literal)} for property ${name}`);
    default:
      return String(literal).toLowerCase();
  }
}

export function compare(a: Comparable, b: Comparable): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  // Reference ids are numeric strings; compare them as numbers so '10' sorts after '9'.
  if (typeof a === 'string' && typeof b === 'string' && /^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : 1;
}

function likePattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*');
  return new RegExp(`^${escaped}$`, 's');
}

export function conditionPredicate(field: QueryField, condition: Condition): (record: EntityRecord) => boolean {
  const read = fieldReader(field);
  const values = condition.values.map((literal) => coerceLiteral(field, condition.field, literal));
  const [first] = values;
  switch (condition.op) {
    case '=':
      return (record) => compare(read(record), first) === 0;
    case '<':
      return (record) => read(record) !== undefined && compare(read(record), first) < 0;
    case '>':
      return (record) => read(record) !== undefined && compare(read(record), first) > 0;
    case '<=':
      return (record) => read(record) !== undefined && compare(read(record), first) <= 0;
    case '>=':
      return (record) => read(record) !== undefined && compare(read(record), first) >= 0;
    case 'IN': {
      const set = new Set(values);
      return (record) => set.has(read(record));
    }
    case 'LIKE': {
      if (field.kind !== 'string' && field.kind !== 'email') {
        throw faults.queryValidation(`LIKE is not supported for property ${condition.field}`);
      }
      const pattern = likePattern(String(first));
      return (record) => {
        const value = read(record);
        return typeof value === 'string' && pattern.test(value);
      };
    }
  }
}
