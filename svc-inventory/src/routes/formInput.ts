import type { z } from 'zod';
import { HttpError } from '@printpool/service-kit';

/**
 * Parses a form's body. The answer carries the spec's own words as its message ('Ship-by
 * date cannot be in the past') with the field named in details, rather than parseInput's
 * 'field: message', so the screen can show it as it is.
 */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
  throw new HttpError(400, issues[0]!.message, 'VALIDATION_FAILED', { issues });
}
