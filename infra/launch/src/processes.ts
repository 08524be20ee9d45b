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

/** Errors of a server that is not listening yet (or restarting): worth asking again. */
const NOT_LISTENING_YET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** What a failed fetch says: its cause (`connect ECONNREFUSED …`, `bad port`), not "fetch failed". */
function causeOf(error: unknown): { message: string; retry: boolean } {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(cause);
  return { message: text, retry: typeof code === 'string' && NOT_LISTENING_YET.has(code) };
}

/**
 * Polls a readiness URL until it answers 200, or fails after the timeout. A check that cannot
 * succeed however long it waits (fetch refuses the port, a malformed URL) fails at once with its
 * cause; a timeout says what the last attempt got, so a healthy process is never reported as
 * merely "not ready".
 */
export async function waitUntilReady(name: string, url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastAnswer = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastAnswer = `answered ${res.status}`;
    } catch (error) {
      const cause = causeOf(error);
      if (!cause.retry) throw new Error(`${name}'s readiness check of ${url} failed: ${cause.message}`);
      lastAnswer = cause.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms (last attempt: ${lastAnswer})`);
}
