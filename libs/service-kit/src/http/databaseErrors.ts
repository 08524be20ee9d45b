import { HttpError, invalidField } from './errors.js';

/** PostgreSQL SQLSTATE classes and codes a request's own data can cause. */
const DATA_EXCEPTION_CLASS = '22';
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const MESSAGES: Record<string, string> = {
  '22003': 'is out of range',
  '22P02': 'is not a valid value',
  '22001': 'is too long',
  '22021': 'contains characters that cannot be stored',
  '22007': 'is not a valid date',
  '22008': 'is not a valid date',
};

/**
 * A database error the request's data caused, as the answer it deserves: 400 for a value the
 * column cannot hold (an overflowing quantity, a fractional id), 409 for a duplicate, 422 for a
 * reference to nothing. The schemas at each route should refuse such input first; this keeps
 * one that slips through from becoming a 500. Anything else is not the request's fault: null.
 */
export function databaseErrorAnswer(error: unknown): HttpError | null {
  const { code, column, constraint } = (error ?? {}) as { code?: unknown; column?: unknown; constraint?: unknown };
  if (typeof code !== 'string') return null;
  const field = typeof column === 'string' ? column : '(body)';
  if (code.startsWith(DATA_EXCEPTION_CLASS)) return invalidField(field, MESSAGES[code] ?? 'is not a valid value');
  if (code === UNIQUE_VIOLATION)
    return new HttpError(409, 'A record with these values already exists', 'CONFLICT', typeof constraint === 'string' ? { constraint } : undefined);
  if (code === FOREIGN_KEY_VIOLATION) return new HttpError(422, 'A referenced record does not exist', 'UNPROCESSABLE');
  return null;
}
