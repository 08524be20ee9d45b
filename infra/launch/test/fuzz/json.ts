/**
 * JSON with values JSON.stringify cannot write: a number literal as written (2^53+1, -0, 1e309,
 * which parses to Infinity), and texts written as raw escapes exactly as given.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export const raw = (text: string) => new RawJson(text);

/** A string of JSON whose RawJson parts are written verbatim; everything else as JSON.stringify writes it. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  // Own keys as written, including '__proto__' set with defineProperty.
  const parts = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key])}`);
  return `{${parts.join(',')}}`;
}

/** An object with `key` set as an own property, even `__proto__`. */
export function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** `levels` arrays inside each other, written without recursion. */
export const deepArray = (levels: number) => raw(`${'['.repeat(levels)}${']'.repeat(levels)}`);
/** `levels` objects inside each other under key "a". */
export const deepObject = (levels: number) => raw(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Deterministic PRNG (mulberry32), so that a failure replays with the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
