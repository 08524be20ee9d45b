import type { FieldIssue } from '@printpool/contracts';
import type { z } from 'zod';
import { validationFailed } from './errors.js';

export interface ParseOptions {
  /**
   * The message is the first issue's own words, for a form whose schema words its messages as
   * the screen shows them ('Ship-by date cannot be in the past', docs/product.md §5); by default
   * it is prefixed with the field it names.
   */
  wordedForTheScreen?: boolean;
}

/**
 * Parses input with a zod schema. On failure throws a 400 whose message names the first bad
 * field (`"customerEmail: Invalid email address"`, or the form's own words) and whose details
 * list every issue with its field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
  const first = issues[0] ?? { field: '(body)', message: 'Invalid input' };
  throw validationFailed(options.wordedForTheScreen ? first.message : `${first.field}: ${first.message}`, issues);
}
