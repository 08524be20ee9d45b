/**
 * Cross-site request forgery guard for state-changing calls: the browser's Origin header (or,
 * when a privacy setting drops it, the Referer) must name this site or an allowed origin.
 * A request that carries neither is refused: every browser that could be tricked sends one.
 */
export function isAllowedOrigin(request: { origin?: string; referer?: string }, allowed: readonly string[]): boolean {
  const claimed = request.origin ? normalize(request.origin) : request.referer ? normalize(request.referer) : null;
  if (!claimed) return false;
  return allowed.some((candidate) => normalize(candidate) === claimed);
}

function normalize(value: string): string | null {
  if (value === 'null') return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
