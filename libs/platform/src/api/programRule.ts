import { PROGRAM_RULE, type ProgramRuleRefusal } from '@printpool/contracts';
import { ApiError } from './apiRequest.js';

/**
 * The rules a release broke and what they were checked on, when a pull ticket's creation or
 * edit was refused for breaking its program (libs/contracts inventoryReleaseRules.ts); null for
 * any other failure.
 */
export function programRuleRefusalOf(error: unknown): ProgramRuleRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== PROGRAM_RULE || !error.details) return null;
  return error.details as ProgramRuleRefusal;
}
