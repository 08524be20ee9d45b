import type { FormRule } from 'antd';

/** A contract's zod schema (libs/contracts) as the rules use it: zod's own safeParse, typed here so this entry loads no zod itself. */
export interface ContractSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The schema's own words for the first thing it refuses in `value` (about `field` alone, when given), or null. */
function refusal(schema: ContractSchema, value: unknown, field?: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = field === undefined ? result.error.issues[0] : result.error.issues.find((each) => each.path[0] === field);
  return issue?.message ?? null;
}

/**
 * A form field's rule taken from its schema in the contract: the form refuses what the service
 * would, in the same words, so no form copies a message. Required when the schema refuses an
 * empty field.
 */
export function ruleFrom(schema: ContractSchema): FormRule {
  return {
    required: refusal(schema, undefined) !== null,
    validator: async (_rule, value: unknown) => {
      const message = refusal(schema, value);
      if (message !== null) throw new Error(message);
    },
  };
}

/**
 * The rule of `field` as the whole form's schema judges it, for a rule that depends on other
 * fields (the customer's e-mail, needed while the shipping notification is on).
 */
export function ruleInForm(schema: ContractSchema, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    required: refusal(schema, { ...(getFieldsValue(true) as object), [field]: undefined }, field) !== null,
    validator: async () => {
      const message = refusal(schema, getFieldsValue(true), field);
      if (message !== null) throw new Error(message);
    },
  });
}
