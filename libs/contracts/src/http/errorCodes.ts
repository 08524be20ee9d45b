/**
 * Every `code` an error answer may carry (common.ts ErrorBodySchema), with what it means: the
 * OpenAPI document enumerates them, and service-kit's HttpError takes no other, so a new code is
 * named here before any route can answer it. A reader keeps working on a code it does not know
 * (errorBody.ts): a service deployed after it may answer one.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'A field is invalid: details.issues names each ({ field, message })',
  BAD_REQUEST: 'The request cannot be read as it is (its path, headers or body); the message says why',
  UNAUTHORIZED: 'Signed out, or no valid internal token',
  FORBIDDEN: "The member's role is below what the route needs, or the route is not for this caller",
  ORIGIN_NOT_ALLOWED: "A change sent from a page that is not the product's own address",
  NOT_FOUND: 'No such route, or no such record for this tenant',
  METHOD_NOT_ALLOWED: 'The path exists, for other methods',
  CONFLICT: 'The change cannot be made as things stand (not connected to QuickBooks, a closed estimate, a duplicate); the message says why',
  VERSION_CONFLICT: 'Someone changed the record since it was read: details hold it as it now is and each field that differs',
  WRITE_BACK_CONFLICT: 'QuickBooks changed the document since it was read: nothing was written; details name the differences',
  DELETED_IN_QUICKBOOKS: 'The order is read-only: its estimate was deleted in QuickBooks',
  PROGRAM_RULE: "The release breaks its bulk PO's program; details name the rule and its numbers",
  UNPROCESSABLE: 'The request is well formed, but what it asks cannot be done (details.field names what stops it)',
  PAYLOAD_TOO_LARGE: 'The body is larger than the route takes',
  FILE_TOO_LARGE: 'The attachment is larger than 10 MB',
  INVALID_FILE_TYPE: 'The attachment is not a JPEG, PNG, GIF or PDF',
  UNSUPPORTED_MEDIA_TYPE: "The body's content type is not one the route takes",
  RATE_LIMITED: 'Too many requests from this address; try again later',
  CLIENT_ERROR: 'Another refusal of the request as sent',
  INTERNAL: 'An unexpected failure, logged with the request id',
  QBO_WRITE_FAILED: 'QuickBooks refused or failed the write; the message gives its reason',
  MAIL_SEND_FAILED: 'The mail server did not take the e-mail after every attempt; details hold the log entry',
  BAD_GATEWAY: 'The service that owns the route is unavailable',
  GATEWAY_TIMEOUT: 'The service that owns the route did not answer in time',
  SERVICE_UNAVAILABLE: 'A service the route needs is not configured',
  UPSTREAM_ERROR: 'A service the route called refused; the message is its own',
  STARTING: 'PrintPool is starting; try again in a moment',
  NOT_READY: 'The service is not ready: details.failing names what it waits for',
  ANSWER_BREAKS_CONTRACT: "The service's answer broke its own route contract (only with CHECK_ANSWERS, in tests)",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
