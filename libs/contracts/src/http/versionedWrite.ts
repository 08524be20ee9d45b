/**
 * Versioned writes (docs/architecture.md §3): every editable record answers with its `version`
 * (also its ETag), and every write names the version it was read at in If-Match. A write based
 * on an older version is refused with 409 VERSION_CONFLICT, whose details carry the record as it
 * now is and each field where it and the write differ, so the screen can offer theirs or mine.
 * Kept apart from the schemas so a front-end sending it takes no zod with it (bench/frontend/RESULTS.md).
 */
export const IF_MATCH_HEADER = 'If-Match';
export const VERSION_CONFLICT = 'VERSION_CONFLICT';

/**
 * One field where the record as it now is and the refused write differ. `field` names it for
 * the screen ('Customer', 'Item Flyer quantity'); `path` finds it in the write's body (`items`
 * by the line's QuickBooks line id, or `#n` for the n-th line without one); a whole line added
 * or removed on one side has a null `current` or `proposed`.
 */
export interface VersionDifference {
  field: string;
  path: readonly string[];
  current: unknown;
  proposed: unknown;
}

/** The details of a 409 VERSION_CONFLICT. */
export interface VersionConflictDetails<T> {
  current: T;
  differences: VersionDifference[];
}

/** Which value of a difference the person keeps on a save again: the one saved meanwhile, or their own. */
export type VersionChoice = 'theirs' | 'mine';
