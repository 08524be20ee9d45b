/**
 * The sandbox's notion of "now". Tests advance it to expire tokens or age data without
 * waiting; it never goes backwards, so LastUpdatedTime stays monotonic.
 */
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }
}

/** QBO companies report times in the company's zone; sandbox companies sit in US Pacific (PDT). */
const COMPANY_OFFSET_MINUTES = -7 * 60;
const OFFSET_SUFFIX = '-07:00';

function shifted(ms: number): string {
  return new Date(ms + COMPANY_OFFSET_MINUTES * 60_000).toISOString();
}

/** Entity timestamps as Intuit writes them: second precision with the company offset. */
export function qboDateTime(ms: number): string {
  return `${shifted(ms).slice(0, 19)}${OFFSET_SUFFIX}`;
}

/** The envelope's `time` carries milliseconds. */
export function qboResponseTime(ms: number): string {
  return `${shifted(ms).slice(0, 23)}${OFFSET_SUFFIX}`;
}

/** A calendar date (TxnDate, ExpirationDate) in the company's zone. */
export function qboDate(ms: number): string {
  return shifted(ms).slice(0, 10);
}

/** Entity times are kept to the second so that comparisons match what clients read. */
export function toSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}
