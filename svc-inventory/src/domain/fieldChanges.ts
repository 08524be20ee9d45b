import type { HistoryFieldChange } from '@printpool/contracts';

/**
 * A document's tracked fields as its details dialog shows them: label → text, null where it has
 * none. History compares two of these (docs/product.md §10); the order of the keys is the order
 * the changes are listed in.
 */
export type TrackedFields = Readonly<Record<string, string | null>>;

/**
 * What changed from `before` to `after`: each field whose text differs, in `after`'s order, then
 * the fields only `before` had (a line removed). Null on either side is a document that did not
 * exist (created, or deleted): every field it has then changed from or to nothing. `same` says
 * when two texts show one value (an entry recorded in an older format, application/history.ts).
 */
export function fieldChanges(
  before: TrackedFields | null,
  after: TrackedFields | null,
  same: (before: string | null, after: string | null) => boolean = (a, b) => a === b,
): HistoryFieldChange[] {
  const was = before ?? {};
  const now = after ?? {};
  const fields = [...Object.keys(now), ...Object.keys(was).filter((field) => !(field in now))];
  return fields.map((field) => ({ field, before: was[field] ?? null, after: now[field] ?? null })).filter((change) => !same(change.before, change.after));
}
