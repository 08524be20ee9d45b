import { z } from 'zod';
import { ERROR_CODE_NAMES, ERROR_CODES } from './errorCodes.js';

/** Every error the gateway and the services answer: `{ message, code, details? }`. */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    code: z
      .enum(ERROR_CODE_NAMES)
      .optional()
      .describe(
        Object.entries(ERROR_CODES)
          .map(([code, meaning]) => `- ${code}: ${meaning}`)
          .join('\n'),
      ),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const OkBodySchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
