export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the caller's window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): RateLimitDecision;
}

/**
 * Fixed-window counter per key (client IP), kept in this process. Enough for abuse of the public
 * forms from one address; several gateway replicas each count on their own.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const prune = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    hit(key) {
      const at = now();
      if (windows.size > 10_000) prune(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= options.max, retryAfterSeconds: Math.ceil((window.resetAt - at) / 1000) };
    },
  };
}
