/**
 * The request header that names one user action (an e-mail's send, routes/documents.ts). Kept
 * apart from the schemas so a front-end sending it takes no zod with it (bench/frontend/RESULTS.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
