import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildSpec {
  name: string;
  script: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
}

/** Starts a service process whose output is prefixed with its name. */
export function startChild(spec: ChildSpec): ChildProcess {
  const child = spawn(process.execPath, [spec.script, ...(spec.args ?? [])], { env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${spec.name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return child;
}

/** Runs a one-off command (a service's migrate) and resolves once it exited 0. */
export function runToEnd(spec: ChildSpec): Promise<void> {
  const child = startChild(spec);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${spec.name} failed (${signal ?? `exit code ${code}`})`))));
  });
}

/** Polls a readiness URL until it answers 200, or fails after the timeout. */
export async function waitUntilReady(name: string, url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms`);
}
