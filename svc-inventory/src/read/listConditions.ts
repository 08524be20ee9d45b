import { containsPattern } from '../domain/containsPattern.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

/** A list's search: any of `columns` contains the text, ignoring case; nothing when there is no search. */
export function searchIn(columns: readonly string[], search: string | null | undefined): SqlPart[] {
  if (!search) return [];
  const pattern = containsPattern(search);
  return [sqlPart(`(${columns.map((column) => `${column} ILIKE ?`).join(' OR ')})`, ...columns.map(() => pattern))];
}

/** `expression` equals the filter's value, when the filter is set. */
export function equalTo(expression: string, value: string | undefined): SqlPart[] {
  return value ? [sqlPart(`${expression} = ?`, value)] : [];
}

/**
 * The day `day` (an SQL date, or a timestamp whose day counts) falls from `from` to `to`, both
 * included; a timestamp is compared as it stands, so its index still serves.
 */
export function withinDays(day: string, { from, to }: { from?: string; to?: string }): SqlPart[] {
  return [...(from ? [sqlPart(`${day} >= ?::date`, from)] : []), ...(to ? [sqlPart(`${day} < ?::date + 1`, to)] : [])];
}
