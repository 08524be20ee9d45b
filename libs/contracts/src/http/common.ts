import { z } from 'zod';

/** Every error the gateway and the services answer: `{ message, code, details? }`. */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const OkBodySchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
