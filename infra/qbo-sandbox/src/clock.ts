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

  /** How far it has been advanced, for a sandbox that keeps its state across restarts. */
  get advancedMs(): number {
    return this.offsetMs;
  }
}

/**
 * QBO reports times in the company's time zone, daylight saving included: a company in
 * America/Los_Angeles writes -08:00 in winter and -07:00 in summer. Sandbox companies sit there.
 */
export const COMPANY_TIME_ZONE = 'America/Los_Angeles';

const zoneFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** Offsets by UTC quarter-hour: a 70,000-entity company has few distinct ones. */
const offsetCache = new Map<number, number>();

/** The company zone's offset from UTC, in minutes, at an instant (-480 or -420 for Los Angeles). */
export function companyOffsetMinutes(ms: number): number {
  const bucket = Math.floor(ms / 900_000);
  const cached = offsetCache.get(bucket);
  if (cached !== undefined) return cached;
  const at = bucket * 900_000;
  const parts = Object.fromEntries(zoneFormat.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = Math.round((local - at) / 60_000);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(bucket, offset);
  return offset;
}

function suffix(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function shifted(ms: number): { local: string; suffix: string } {
  const offset = companyOffsetMinutes(ms);
  return { local: new Date(ms + offset * 60_000).toISOString(), suffix: suffix(offset) };
}

/** Entity timestamps as Intuit writes them: second precision with the company's offset at that instant. */
export function qboDateTime(ms: number): string {
  const { local, suffix: zone } = shifted(ms);
  return `${local.slice(0, 19)}${zone}`;
}

/** The envelope's `time` carries milliseconds. */
export function qboResponseTime(ms: number): string {
  const { local, suffix: zone } = shifted(ms);
  return `${local.slice(0, 23)}${zone}`;
}

/** A calendar date (TxnDate, ExpirationDate) in the company's zone. */
export function qboDate(ms: number): string {
  return shifted(ms).local.slice(0, 10);
}

/** Entity times are kept to the second so that comparisons match what clients read. */
export function toSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}
