/**
 * A key for one user action that must not happen twice (an e-mail's send): sent as its
 * Idempotency-Key and again on a retry of the same action, so the server answers the first
 * call's outcome instead of acting again (svc-documents README "E-mail"). `crypto.randomUUID`
 * exists only in secure contexts; `getRandomValues` everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
