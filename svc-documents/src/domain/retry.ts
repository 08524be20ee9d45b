/**
 * The waits between attempts of a retried send: base, 2×base, 4×base… (attempts − 1 of them).
 * A short transient outage of the mail server is ridden out without holding the request long.
 */
export function backoffDelays(attempts: number, baseDelayMs: number): number[] {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, i) => baseDelayMs * 2 ** i);
}
