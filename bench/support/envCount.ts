/** A whole number ≥ `min` read from the environment variable `name`, or `fallback` when unset; anything else stops the bench naming the variable. */
export function envCount(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}
