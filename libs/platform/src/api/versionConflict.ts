import { VERSION_CONFLICT, type VersionChoice, type VersionConflictDetails, type VersionDifference } from '@printpool/contracts';
import { ApiError } from './apiRequest.js';

/**
 * The record as it now is and what differs, when a save was refused because someone changed the
 * record since it was read (libs/contracts versionedWrite.ts); null for any other failure.
 */
export function versionConflictOf<T>(error: unknown): VersionConflictDetails<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== VERSION_CONFLICT || !error.details) return null;
  return error.details as VersionConflictDetails<T>;
}

/**
 * A flat form's values with the saved value taken wherever the person chose 'theirs' (each
 * difference's path is one field); `asFormValue` turns an API value into the form's (null → '').
 */
export function resolveFields<T extends object>(
  mine: T,
  differences: readonly VersionDifference[],
  choices: readonly VersionChoice[],
  asFormValue: (value: unknown) => unknown = (value) => value,
): T {
  const values = { ...mine } as Record<string, unknown>;
  differences.forEach((difference, i) => {
    const [field] = difference.path;
    if (choices[i] === 'theirs' && field !== undefined && difference.path.length === 1) values[field] = asFormValue(difference.current);
  });
  return values as T;
}
