import type { ChildProcess } from 'node:child_process';
import { backoffDelay } from '@printpool/domain';
import { startChild, type ChildSpec } from './processes.js';

export interface SupervisorOptions {
  /** Delay before the first restart; it doubles with each quick crash, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A process that stayed up this long counts as healthy again: its next crash restarts at once. */
  healthyAfterMs?: number;
  /** Told of each exit before the restart, e.g. to log it. */
  onExit?: (name: string, code: number | null, restartInMs: number) => void;
}

export interface Supervised {
  readonly name: string;
  /** The process running now. */
  current(): ChildProcess;
  /** Stops restarting and ends the process; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Keeps a service process running as an orchestrator would: one that exits is started again
 * after a growing delay, and the others go on serving. Stopping the whole mode (Ctrl-C) stops
 * each supervised process and its restarts.
 */
export function supervise(spec: ChildSpec, options: SupervisorOptions = {}): Supervised {
  const { firstDelayMs = 500, maxDelayMs = 30_000, healthyAfterMs = 60_000, onExit } = options;
  let quickCrashes = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let child = launch();

  function launch(): ChildProcess {
    const started = Date.now();
    const process = startChild(spec);
    process.once('exit', (code) => {
      if (stopped) return;
      if (Date.now() - started >= healthyAfterMs) quickCrashes = 0;
      const wait = backoffDelay(quickCrashes++, { baseMs: firstDelayMs, maxMs: maxDelayMs });
      onExit?.(spec.name, code, wait);
      timer = setTimeout(() => {
        if (!stopped) child = launch();
      }, wait);
    });
    return process;
  }

  return {
    name: spec.name,
    current: () => child,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
