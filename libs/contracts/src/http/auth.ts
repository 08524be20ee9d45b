import { z } from 'zod';

/** The address a person signs in with, or is invited by (docs/product.md §5 Sign-in: non-empty, and an address). */
export const AccountEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** Dev e-mail sign-in. */
export const DevLoginInputSchema = z.object({ email: AccountEmailSchema }).meta({ id: 'DevLoginInput' });

export type DevLoginInput = z.infer<typeof DevLoginInputSchema>;
