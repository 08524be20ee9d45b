import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every platform Node runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU spent by the PostgreSQL backends serving one database, read from /proc: a backend's
 * title names its database ("postgres: user dbname host(port) state"), so a bench that owns a
 * database sees its share of the server's work and nobody else's. Backends are sampled while
 * the work runs because one that exits takes its figures with it.
 */
export class PostgresCpu {
  private readonly ticks = new Map<number, number>();
  private readonly baseline = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: string) {}

  /** From now on; backends that already exist count only what they spend from here. */
  start(): void {
    this.sample();
    for (const [pid, ticks] of this.ticks) this.baseline.set(pid, ticks);
    this.timer = setInterval(() => this.sample(), 200);
  }

  /** Seconds of CPU since `start`. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    let ticks = 0;
    for (const [pid, total] of this.ticks) ticks += total - (this.baseline.get(pid) ?? 0);
    return ticks / TICKS_PER_SECOND;
  }

  private sample(): void {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (!title.startsWith('postgres: ') || !title.split(' ').includes(this.database)) continue;
        // Fields after the parenthesised command: state is field 3, utime 14 and stime 15.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        this.ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
      } catch {
        // The process ended between the listing and the read.
      }
    }
  }
}
