import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Servers the fault suite may kill: its own PostgreSQL cluster and NATS JetStream server, never
 * the machine's. Each runs in a process group of its own, so that one signal to the group also
 * takes whatever it started (PostgreSQL's backends), and is registered with `ownedGroups`, which
 * the suite ends on success, failure, timeout and interruption alike.
 */

const PG_BIN = process.env.FAULT_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const NATS_SERVER = process.env.FAULT_NATS_SERVER ?? '/usr/sbin/nats-server';

/** Process groups started by the suite and not yet ended, also kept in a file for the watchdog (watchdog.mjs). */
class OwnedGroups {
  private readonly pids = new Set<number>();
  private stateFile: string | undefined;

  /** Starts a watchdog that ends every owned group and removes `workDir` if this process dies first. */
  watchFrom(workDir: string): void {
    this.stateFile = path.join(workDir, 'owned-groups.json');
    this.save();
    const watchdog = spawn(process.execPath, [fileURLToPath(new URL('./watchdog.mjs', import.meta.url)), String(process.pid), this.stateFile, workDir], {
      detached: true,
      stdio: 'ignore',
    });
    watchdog.unref();
  }

  add(pid: number): void {
    this.pids.add(pid);
    this.save();
  }

  delete(pid: number): void {
    this.pids.delete(pid);
    this.save();
  }

  [Symbol.iterator](): IterableIterator<number> {
    return this.pids.values();
  }

  private save(): void {
    if (this.stateFile) writeFileSync(this.stateFile, JSON.stringify([...this.pids]));
  }
}

export const ownedGroups = new OwnedGroups();

/** Ends a process group at once; a group already gone is fine. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
  if (signal === 'SIGKILL') ownedGroups.delete(pid);
}

export function killAllOwned(): void {
  for (const pid of [...ownedGroups]) killGroup(pid, 'SIGKILL');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForPort(port: number, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`process for port ${port} exited (${child.exitCode ?? child.signalCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

export async function assertPortFree(port: number): Promise<void> {
  const open = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (open) throw new Error(`port ${port} is in use: set FAULT_BASE_PORT to a free range`);
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('the fault suite needs a postgres user to run its own PostgreSQL');
  return { uid, gid };
}

/**
 * A PostgreSQL cluster of the suite's own (initdb in a temporary directory), run as the postgres
 * user, which PostgreSQL requires when the suite runs as root.
 */
export class OwnPostgres {
  private child: ChildProcess | undefined;
  private readonly dataDir: string;
  private readonly logPath: string;
  private readonly user = process.getuid?.() === 0 ? postgresUser() : undefined;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {
    this.dataDir = path.join(dir, 'pgdata');
    this.logPath = path.join(dir, 'postgres.log');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /** A URL of its maintenance database, for creating others. */
  get serverUrl(): string {
    return `${this.url}/postgres`;
  }

  async init(): Promise<void> {
    mkdirSync(this.dataDir, { recursive: true });
    if (this.user) {
      chownSync(this.dir, this.user.uid, this.user.gid);
      chownSync(this.dataDir, this.user.uid, this.user.gid);
    }
    const result = spawnSync(path.join(PG_BIN, 'initdb'), ['-D', this.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], {
      uid: this.user?.uid,
      gid: this.user?.gid,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.error?.message}`);
    await this.start();
  }

  async start(): Promise<void> {
    if (this.child) return;
    const log = openSync(this.logPath, 'a');
    if (this.user) chownSync(this.logPath, this.user.uid, this.user.gid);
    const args = ['-D', this.dataDir, '-p', String(this.port), '-k', this.dataDir, '-c', 'listen_addresses=127.0.0.1'];
    // Durability is not under test (a killed server keeps its files); speed is.
    for (const setting of ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300', 'shared_buffers=256MB'])
      args.push('-c', setting);
    const child = spawn(path.join(PG_BIN, 'postgres'), args, { uid: this.user?.uid, gid: this.user?.gid, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    this.child = child;
    ownedGroups.add(child.pid!);
    await waitForPort(this.port, 60_000, child);
    // Listening is not accepting: wait until a connection is served.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ready = spawnSync(path.join(PG_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-q']);
      if (ready.status === 0) return;
      await sleep(200);
    }
    throw new Error(`PostgreSQL on ${this.port} did not accept connections: ${this.logTail()}`);
  }

  /** Fast shutdown (SIGINT): clients are disconnected, as in a restart by an operator. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    killGroup(child.pid, 'SIGINT');
    const stopped = await Promise.race([exited(child).then(() => true), sleep(30_000).then(() => false)]);
    killGroup(child.pid, 'SIGKILL');
    if (!stopped) await exited(child);
    this.child = undefined;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.logPath, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    killGroup(this.child?.pid, 'SIGKILL');
    if (this.child) await exited(this.child);
    this.child = undefined;
  }
}

/** A NATS JetStream server of the suite's own, its store in a directory that survives a kill -9. */
export class OwnNats {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly storeDir: string,
    private readonly logPath: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    mkdirSync(this.storeDir, { recursive: true });
    const log = openSync(this.logPath, 'a');
    const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    ownedGroups.add(child.pid!);
    await waitForPort(this.port, 30_000, child);
    // JetStream recovers its streams after the port opens; give the store a moment.
    await sleep(500);
  }

  /** kill -9: no shutdown, the store as it was at that instant. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    killGroup(child.pid, 'SIGKILL');
    await exited(child);
    this.child = undefined;
  }

  /** A fresh, empty server (a scenario starts from an empty event log). */
  async reset(): Promise<void> {
    await this.kill();
    rmSync(this.storeDir, { recursive: true, force: true });
    await this.start();
  }
}

/** The URL of database `name` on the server `serverUrl` (a URL of any database there) points at. */
export function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function psql(serverUrl: string, sql: string): void {
  const result = spawnSync(path.join(PG_BIN, 'psql'), [serverUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed (${sql}): ${result.stderr || result.error?.message}`);
}

/** An empty database `name` on the server of `serverUrl`, whatever an earlier run left there. */
export function recreateDatabase(serverUrl: string, name: string): string {
  psql(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  psql(serverUrl, `CREATE DATABASE "${name}"`);
  return databaseOn(serverUrl, name);
}

export function dropDatabase(serverUrl: string, name: string): void {
  psql(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
