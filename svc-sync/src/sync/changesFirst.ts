/**
 * What a company's full sync waits for: webhook changes in this process's hands. A page of an
 * import is a thousand documents to fetch and write; a change is one, and its broker is
 * waiting to see it. So before each page the sync waits until no change is being applied here,
 * at most `maxWaitMs`, which keeps an import moving under a steady stream of changes
 * (docs/architecture.md §4, "Changes before imports").
 */
export class ChangesFirst {
  private inHand = 0;
  private waiting: Array<() => void> = [];

  constructor(private readonly maxWaitMs = 2_000) {}

  /** Runs `apply`, one change in hand while it runs. */
  async applying<T>(apply: () => Promise<T>): Promise<T> {
    this.inHand++;
    try {
      return await apply();
    } finally {
      this.inHand--;
      if (this.inHand === 0) for (const resume of this.waiting.splice(0)) resume();
    }
  }

  /** Resolves once no change is in hand, or after maxWaitMs. */
  async importTurn(): Promise<void> {
    if (this.inHand === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((waiter) => waiter !== resume);
        resolve();
      }, this.maxWaitMs);
      const resume = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(resume);
    });
  }
}
