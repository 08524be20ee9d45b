/** mulberry32: tiny, fast and deterministic, so one seed always yields the same company. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** `count` distinct items (fewer if there are not that many), drawn without copying the list. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.indices(items.length, count).map((index) => items[index]!);
  }

  /** `count` distinct indices below `length`, descending so callers can splice them out in turn. */
  indices(length: number, count: number): number[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, length)) chosen.add(Math.floor(this.next() * length));
    return [...chosen].sort((a, b) => b - a);
  }
}
