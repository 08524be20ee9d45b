import type { z } from 'zod';
import { HttpError } from './errors.js';

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Parses input with a zod schema. On failure throws a 400 whose message names the first bad
 * field (`"customerEmail: Invalid email address"`) and whose details list every issue.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
  const first = issues[0] ?? { field: '(body)', message: 'Invalid input' };
  throw new HttpError(400, `${first.field}: ${first.message}`, 'VALIDATION_FAILED', { issues });
}
