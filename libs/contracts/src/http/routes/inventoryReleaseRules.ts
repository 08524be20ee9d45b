import { PROGRAM_RULES } from '@printpool/domain';
import { z } from 'zod';
import { ErrorBodySchema } from '../common.js';
import { PROGRAM_RULE } from '../programRuleCode.js';

/**
 * Releases that keep a program's rules (docs/product.md §11): what a pull ticket's creation or
 * edit answers when its release breaks them, and the override that lets it through anyway.
 * The rules themselves are libs/domain programRules.ts.
 */

export const OVERRIDE_REASON_MAX = 1000;

/** `override` of a ticket's create or edit body: the broker lets a release through that breaks its program's rules, saying why. */
export const ProgramOverrideInputSchema = z
  .object({
    reason: z
      .string({ error: 'Override reason must be text' })
      .trim()
      .min(1, 'Override reason is required')
      .max(OVERRIDE_REASON_MAX, `Override reason must be at most ${OVERRIDE_REASON_MAX} characters`),
  })
  .meta({ id: 'ProgramOverrideInput' });

/** One rule a release breaks, with its numbers; a field the rule has no number for is null. */
export const ProgramRuleBreachSchema = z
  .object({
    rule: z.enum(PROGRAM_RULES),
    message: z.string(),
    /** The item released below the minimum, or leaving a remainder; null for the program's expiry. */
    itemId: z.string().nullable(),
    /** Units of the item the ticket releases. */
    quantity: z.number().nullable(),
    minReleaseQuantity: z.number().nullable(),
    /** Units of the item the release leaves on the program. */
    remainder: z.number().nullable(),
    /** The release of the item that leaves nothing behind ("release all"), for remainderBelowMinimum. */
    releaseAllQuantity: z.number().nullable(),
    expiresOn: z.iso.date(),
  })
  .meta({ id: 'ProgramRuleBreach' });

/**
 * `details` of a 409 PROGRAM_RULE: the first rule broken with its numbers, every rule broken,
 * and what they were checked on (the program's terms, each item released with what the program
 * held of it, the day), so a dialog can check the broker's changes by the same rule.
 */
export const ProgramRuleRefusalSchema = ProgramRuleBreachSchema.extend({
  breaches: z.array(ProgramRuleBreachSchema).min(1),
  program: z.object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    minReleaseQuantity: z.number().nullable(),
    expiresOn: z.iso.date(),
  }),
  items: z.array(z.object({ itemId: z.string(), itemName: z.string().nullable(), quantity: z.number(), onProgram: z.number() })),
  checkedOn: z.iso.date(),
}).meta({ id: 'ProgramRuleRefusal' });

/** The override a ticket was released under (the last one): the rules it broke, as they were worded, and why it went anyway. */
export const PullTicketProgramOverrideSchema = z
  .object({
    reason: z.string(),
    breaches: z.array(z.object({ rule: z.enum(PROGRAM_RULES), message: z.string() })),
  })
  .meta({ id: 'PullTicketProgramOverride' });

/** The answer of a release breaking its program's rules: 409 with code PROGRAM_RULE and the refusal as its details. */
export const ProgramRuleErrorSchema = z
  .object({ message: z.string(), code: z.literal(PROGRAM_RULE), details: ProgramRuleRefusalSchema })
  .meta({ id: 'ProgramRuleError' });

const PROGRAM_RULE_RESPONSE =
  "PROGRAM_RULE: the release breaks its bulk PO's program (below the minimum release, after the expiry date, or leaving less than a minimum release on the program); details name the rule and its numbers. Send override: { reason } to release it anyway";

/** A 409 of a ticket's create or edit: `other`, or a release breaking its program's rules. */
export const conflictOrProgramRule = (other: string) => ({
  description: `${other}. Or ${PROGRAM_RULE_RESPONSE}`,
  body: z.union([ProgramRuleErrorSchema, ErrorBodySchema]),
});

export type ProgramOverrideInput = z.output<typeof ProgramOverrideInputSchema>;
export type ProgramRuleRefusal = z.infer<typeof ProgramRuleRefusalSchema>;
export type PullTicketProgramOverride = z.infer<typeof PullTicketProgramOverrideSchema>;
