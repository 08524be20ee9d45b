/** How many, the median, the 95th percentile and the largest of some durations, in ms. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles: with few samples the p95 is the largest but one or the largest, never an interpolation below what was seen. */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { n: sorted.length, p50: rank(50), p95: rank(95), max: sorted.at(-1) ?? NaN };
}
