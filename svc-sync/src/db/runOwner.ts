import { hostname } from 'node:os';

/** The process working on a sync run, as the run records it. */
export interface RunOwner {
  host: string;
  pid: number;
}

export const THIS_PROCESS: RunOwner = { host: hostname(), pid: process.pid };

/**
 * Whether the process of a run recorded on this host has ended: a supervisor that restarts a
 * killed svc-sync lets the new process resume the run at once instead of after the lease.
 * Only a process that is certainly gone counts; a pid that is in use again (by anyone, this
 * process included) leaves the run to its lease.
 */
export function endedOnThisHost(owner: RunOwner): boolean {
  if (owner.host !== THIS_PROCESS.host) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
