import { z } from 'zod';

/** Dev e-mail sign-in (docs/product.md §5 Sign-in: the e-mail must be non-empty; it must also be an address). */
export const DevLoginInputSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email('Enter a valid email address')),
  })
  .meta({ id: 'DevLoginInput' });

export type DevLoginInput = z.infer<typeof DevLoginInputSchema>;
