import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every platform Node runs on. */
const TICKS_PER_SECOND = 100;

/** A process's part of the product: the script it runs (svc-inventory, svc-gateway…), or the launcher. */
function partOf(cmdline: string): string {
  return /(svc-[a-z]+)\/dist\/main\.js/.exec(cmdline)?.[1] ?? 'launcher and balancers';
}

interface ProcessFigures {
  ppid: number;
  cmdline: string;
  ticks: number;
  rssKb: number;
}

function read(pid: number): ProcessFigures | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command: ppid is the 2nd, utime the 12th and stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const rss = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return {
      ppid: Number(fields[1]),
      cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
      ticks: Number(fields[11]) + Number(fields[12]),
      rssKb: Number(rss?.[1] ?? 0),
    };
  } catch {
    return undefined; // The process ended between the listing and the read.
  }
}

/**
 * The product's processes: the launcher (its replica balancers run in it) and every process
 * under it, read from /proc, less those whose command line names `exclude` (the QBO sandbox:
 * Intuit's work, as bench/sync keeps it out). CPU is sampled while the work runs, since a
 * process that exits takes its figures with it.
 */
export class ProcessTree {
  private readonly ticks = new Map<number, number>();
  private readonly parts = new Map<number, string>();
  private baseline = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly rootPid: number,
    private readonly exclude: string,
  ) {}

  /** The tree as it is now: pid → figures. */
  private members(): Map<number, ProcessFigures> {
    const all = new Map<number, ProcessFigures>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const figures = read(Number(entry));
      if (figures) all.set(Number(entry), figures);
    }
    const members = new Map<number, ProcessFigures>();
    const root = all.get(this.rootPid);
    if (root) members.set(this.rootPid, root);
    // Parents come before their children often but not always: repeat until nothing joins.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, figures] of all)
        if (!members.has(pid) && members.has(figures.ppid)) {
          members.set(pid, figures);
          grew = true;
        }
    }
    for (const [pid, figures] of members) if (figures.cmdline.includes(this.exclude)) members.delete(pid);
    return members;
  }

  /** Resident memory of the product's processes now, in MB. */
  rssMb(): number {
    let kb = 0;
    for (const figures of this.members().values()) kb += figures.rssKb;
    return kb / 1024;
  }

  /** From now on; processes already running count only what they spend from here. */
  startCpu(): void {
    this.ticks.clear();
    this.sample();
    this.baseline = new Map(this.ticks);
    this.timer = setInterval(() => this.sample(), 500);
  }

  /** Seconds of CPU since startCpu, in all and by part (replicas of a service together). */
  stopCpu(): { seconds: number; byPart: Map<string, number> } {
    clearInterval(this.timer);
    this.sample();
    const byPart = new Map<string, number>();
    for (const [pid, total] of this.ticks) {
      const part = this.parts.get(pid)!;
      byPart.set(part, (byPart.get(part) ?? 0) + (total - (this.baseline.get(pid) ?? 0)) / TICKS_PER_SECOND);
    }
    return { seconds: [...byPart.values()].reduce((sum, each) => sum + each, 0), byPart };
  }

  private sample(): void {
    for (const [pid, figures] of this.members()) {
      this.ticks.set(pid, figures.ticks);
      this.parts.set(pid, partOf(figures.cmdline));
    }
  }
}
