import type { ErrorBody } from './common.js';

/** An error body as read: its code may be one this build does not know yet (errorCodes.ts). */
export type ReadErrorBody = Omit<ErrorBody, 'code'> & { code?: string };

/** The code of a 400 whose details list every field the input schema refused (service-kit parseInput). */
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** One refused field of a VALIDATION_FAILED answer: where it is in the body ('items.0.quantity', '(body)') and the schema's words. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * The error body of an answer as ErrorBodySchema (common.ts) reads it, any code kept, or null
 * when the text is none (an empty body, a proxy's page). Without zod, so that the browser's first load, which
 * reads every failed call, does not carry the schema library (bench/frontend/RESULTS.md);
 * errorBody.test.ts holds the two to the same answers.
 */
export function readErrorBody(text: string): ReadErrorBody | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { message, code, details } = body as Record<string, unknown>;
  if (typeof message !== 'string' || (code !== undefined && typeof code !== 'string')) return null;
  return { message, ...(code === undefined ? {} : { code }), ...(details === undefined ? {} : { details }) };
}

/** The fields a VALIDATION_FAILED answer names; none for any other error. */
export function fieldIssuesOf(body: ReadErrorBody): FieldIssue[] {
  if (body.code !== VALIDATION_FAILED) return [];
  const issues: unknown = (body.details as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((issue: unknown): issue is FieldIssue => {
    const { field, message } = (issue ?? {}) as Partial<Record<keyof FieldIssue, unknown>>;
    return typeof field === 'string' && typeof message === 'string';
  });
}
