/** QBO's largest page, and the largest batch an accounting event carries. */
export const PAGE_SIZE = 1000;

/** 1-based STARTPOSITIONs of the pages still to fetch from `resumeAt` to `total`. */
export function pageStarts(total: number, resumeAt = 1, pageSize = PAGE_SIZE): number[] {
  const starts: number[] = [];
  for (let start = Math.max(1, resumeAt); start <= total; start += pageSize) starts.push(start);
  return starts;
}

/**
 * Where a resumed run continues: pages finish out of order when they run concurrently, so
 * the cursor only advances over the contiguous prefix of finished pages. Pages past it are
 * fetched again on resume, which is harmless because every write is an upsert by qbId.
 */
export class PageCursor {
  private readonly finished = new Set<number>();

  constructor(
    private next: number,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  get position(): number {
    return this.next;
  }

  /** Marks the page at `start` finished; answers the new resume position. */
  finish(start: number): number {
    this.finished.add(start);
    while (this.finished.delete(this.next)) this.next += this.pageSize;
    return this.next;
  }
}
