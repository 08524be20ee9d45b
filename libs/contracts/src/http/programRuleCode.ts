/**
 * The code of the 409 a release breaking its bulk PO's program answers (routes/inventoryReleaseRules.ts).
 * Kept apart from the schemas so a front-end reading it takes no zod with it: the shell's first
 * script holds every export of @printpool/platform, programRuleRefusalOf among them
 * (bench/frontend/RESULTS.md).
 */
export const PROGRAM_RULE = 'PROGRAM_RULE';
