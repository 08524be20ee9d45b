import { VALIDATION_FAILED, type ErrorCode, type FieldIssue } from '@printpool/contracts';

/** An error that the error middleware turns into `{ message, code, details? }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** One of libs/contracts errorCodes.ts, which the OpenAPI document enumerates. */
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 whose details name every refused field, as the browser reads them (libs/contracts errorBody.ts). */
export const validationFailed = (message: string, issues: FieldIssue[]) => new HttpError(400, message, VALIDATION_FAILED, { issues });
/** A 400 for one refused field, its message naming it. */
export const invalidField = (field: string, message: string) => validationFailed(`${field}: ${message}`, [{ field, message }]);
export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, 'BAD_REQUEST', details);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message, 'FORBIDDEN');
/** Also the answer for another tenant's record: its existence is not revealed. */
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`, 'NOT_FOUND');
export const conflict = (message: string, details?: unknown) => new HttpError(409, message, 'CONFLICT', details);
export const unprocessable = (message: string, details?: unknown) => new HttpError(422, message, 'UNPROCESSABLE', details);
export const tooManyRequests = (message = 'Too many requests, please try again later') => new HttpError(429, message, 'RATE_LIMITED');
