import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { IF_MATCH_HEADER, IfMatchHeadersSchema, VERSION_CONFLICT, type VersionDifference } from '@printpool/contracts';
import { HttpError } from './errors.js';
import { parseInput } from './validation.js';

/**
 * The version of what a record's edit form shows (libs/contracts versionedWrite.ts): a digest of
 * those fields, so any change to them by anyone (a member, an import from QuickBooks, a
 * re-allocation) gives a new version, and a change to nothing they show keeps it.
 */
export function documentVersion(editable: unknown): string {
  return createHash('sha256').update(JSON.stringify(editable)).digest('base64url').slice(0, 22);
}

/** The version a write was based on, from its If-Match; a write without one is refused naming the header. */
export function basedOnVersion(ctx: Context): string {
  return parseInput(IfMatchHeadersSchema, { [IF_MATCH_HEADER]: ctx.get(IF_MATCH_HEADER) || undefined })[IF_MATCH_HEADER];
}

/** Answers the record's version as its ETag too, so a client may read it from either. */
export function answerVersioned<T extends { version: string }>(ctx: Context, record: T): void {
  ctx.set('ETag', `"${record.version}"`);
  ctx.body = record;
}

/** 409 for a write based on an older version: the record as it now is, and where it and the write differ. */
export function versionConflict(what: string, current: unknown, differences: readonly VersionDifference[]): HttpError {
  const named = differences.length === 0 ? '' : `: ${differences.map((difference) => difference.field).join(', ')}`;
  return new HttpError(409, `Someone changed this ${what} since you opened it${named}`, VERSION_CONFLICT, { current, differences });
}

/**
 * Where a record as it now is and a write based on an older version differ, over the fields its
 * form edits (`[key, label]`). A field the write leaves out keeps its value, so it differs in nothing.
 */
export function fieldDifferences<T extends object>(
  fields: readonly (readonly [keyof T & string, string])[],
  current: T,
  proposed: Partial<T>,
): VersionDifference[] {
  return fields.flatMap(([key, field]) => {
    if (proposed[key] === undefined) return [];
    const now = current[key] ?? null;
    const mine = proposed[key] ?? null;
    return now === mine ? [] : [{ field, path: [key], current: now, proposed: mine }];
  });
}

/** The version of the fields a form edits: `documentVersion` of just those. */
export function formVersion<T extends object>(fields: readonly (readonly [keyof T & string, string])[], record: T): string {
  return documentVersion(fields.map(([key]) => record[key] ?? null));
}
