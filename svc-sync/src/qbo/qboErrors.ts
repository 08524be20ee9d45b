/** Why a QBO call failed, as far as a caller needs to decide what to do next. */
export type QboFailure = 'throttled' | 'unavailable' | 'authentication' | 'authorization' | 'validation' | 'not-found' | 'network';

export interface QboErrorDetail {
  code: string | undefined;
  message: string;
  detail: string | undefined;
}

export class QboApiError extends Error {
  constructor(
    readonly failure: QboFailure,
    readonly status: number,
    readonly detail: QboErrorDetail,
    readonly intuitTid?: string,
  ) {
    super(`QuickBooks ${status || failure}: ${detail.message}${detail.code ? ` (code ${detail.code})` : ''}`);
    this.name = 'QboApiError';
  }
}

/** The tenant's QuickBooks authorization is gone (refresh token expired or revoked): reconnect. */
export class QboReauthorizationRequired extends Error {
  constructor(message = 'QuickBooks authorization expired; reconnect') {
    super(message);
    this.name = 'QboReauthorizationRequired';
  }
}

const REASON_LIMIT = 500;

/**
 * Why QuickBooks refused, as a broker reads it beside Retry: its Fault's Detail names what it
 * refused ("Invalid Reference Id : Item 12 was not found…"), its Message only the kind. An
 * authentication fault's detail quotes the end of the token, so it is never shown.
 */
export function failureReason(error: unknown): string {
  let reason: string;
  if (error instanceof QboApiError) {
    const { status, detail } = error;
    const said =
      error.failure === 'authentication'
        ? 'QuickBooks refused the connection; reconnect'
        : // A throttle's message says for how long it lasted (qboClient.ts), its detail what QuickBooks said each time.
          error.failure === 'throttled'
          ? [detail.message, detail.detail].filter(Boolean).join(': ')
          : (detail.detail ?? detail.message);
    reason = `QuickBooks ${status || 'unreachable'}: ${said}${detail.code ? ` (code ${detail.code})` : ''}`;
  } else {
    reason = error instanceof Error ? error.message : String(error);
  }
  return reason.length > REASON_LIMIT ? `${reason.slice(0, REASON_LIMIT - 1)}…` : reason;
}

export function failureForStatus(status: number): QboFailure {
  if (status === 429) return 'throttled';
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'unavailable';
  return 'validation';
}

/** QBO's 5010 "Stale Object Error": the SyncToken sent is not the object's current one. */
export function isStaleObject(error: unknown): boolean {
  return error instanceof QboApiError && error.detail.code === '5010';
}

export function isRetryable(error: QboApiError): boolean {
  return error.failure === 'throttled' || error.failure === 'unavailable' || error.failure === 'network';
}

const pick = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/**
 * Reads the first error of whatever Intuit answered: the `Fault` envelope, the lower-case
 * `fault` of an expired token, the XML `IntuitResponse` used for throttling and some 401s,
 * or anything else (HTML from a proxy), which keeps a short excerpt.
 */
export function parseQboErrorBody(body: string): QboErrorDetail {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as Record<string, unknown>;
      const fault = pick(json.Fault) ?? pick(json.fault);
      const errors = fault ? (fault.Error ?? fault.error) : undefined;
      const first = pick(Array.isArray(errors) ? errors[0] : undefined);
      if (first) {
        return { code: text(first.code), message: text(first.Message ?? first.message) ?? 'QuickBooks error', detail: text(first.Detail ?? first.detail) };
      }
      // The OAuth endpoints answer `{ error, error_description }`.
      if (typeof json.error === 'string') return { code: json.error, message: json.error, detail: text(json.error_description) };
    } catch {
      // Not JSON after all: fall through to the excerpt.
    }
  }
  if (trimmed.startsWith('<')) {
    const code = /<Error[^>]*\scode="([^"]+)"/i.exec(trimmed)?.[1];
    const message = /<Message>([\s\S]*?)<\/Message>/i.exec(trimmed)?.[1];
    const detail = /<Detail>([\s\S]*?)<\/Detail>/i.exec(trimmed)?.[1];
    if (code || message) return { code, message: message ?? 'QuickBooks error', detail };
  }
  return { code: undefined, message: trimmed.slice(0, 200) || 'Empty response', detail: undefined };
}
