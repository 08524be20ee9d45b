import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NATS_SERVER_BINARY = '/usr/sbin/nats-server';

export interface NatsServerHandle {
  url: string;
  /** Stops the server and keeps its JetStream store, as an outage would. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same store. */
  restart(): Promise<void>;
  /** Stops it for good and deletes its store. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function spawnServer(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(NATS_SERVER_BINARY, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  // A test run that crashes must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return new Promise((resolve, reject) => {
    let output = '';
    const onError = (err: Error) => fail(err);
    const onExit = (code: number | null) => fail(new Error(`nats-server exited with ${code}:\n${output}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Server is ready')) return;
      settle();
      resolve(child);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`nats-server did not start within 10 s:\n${output}`));
    }, 10_000);
    function settle() {
      clearTimeout(timer);
      child.off('error', onError).off('exit', onExit);
      child.stderr!.off('data', onData).resume();
    }
    function fail(err: Error) {
      settle();
      reject(err);
    }
    child.on('error', onError).on('exit', onExit);
    child.stderr!.on('data', onData);
  });
}

function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A JetStream-enabled nats-server of the test's own, on a free port with a temporary store. */
export async function startNatsServer(): Promise<NatsServerHandle> {
  const port = await freePort();
  const storeDir = await mkdtemp(path.join(tmpdir(), 'printpool-nats-'));
  let child: ChildProcess | undefined = await spawnServer(port, storeDir);
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      await stopServer(child);
      child = undefined;
    },
    async restart() {
      await stopServer(child);
      child = await spawnServer(port, storeDir);
    },
    async dispose() {
      await stopServer(child);
      child = undefined;
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
