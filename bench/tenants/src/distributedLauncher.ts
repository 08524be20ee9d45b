import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface LaunchOptions {
  databaseUrl: string;
  natsUrl: string;
  port: number;
  serviceBasePort: number;
  replicas: number;
  /** The sandbox's own two demo companies are generated at this scale; the bench adds its companies through the admin API. */
  sandboxScale: number;
  /** Variables passed on unchanged (QBO_CATCH_UP_MINUTES, LOG_LEVEL…). */
  extraEnv: NodeJS.ProcessEnv;
}

/**
 * The distributed mode as `npm run start:distributed` runs it on a built tree
 * (infra/launch/dist/distributed.js), in a process group of its own so one signal ends the
 * launcher, its balancers and every process it supervises; its output goes to a log in a
 * temporary DATA_DIR that is removed with it. Started as the fault suite starts it
 * (infra/launch/test/faults/product.ts), with AUTH_DEV_LOGIN so brokers sign in by e-mail.
 */
export class DistributedLauncher {
  readonly origin: string;
  readonly sandboxUrl: string;
  readonly adminToken = randomBytes(16).toString('hex');
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tenants-'));
  private readonly logPath = path.join(this.dataDir, 'launcher.log');
  private child: ChildProcess | undefined;

  constructor(private readonly options: LaunchOptions) {
    this.origin = `http://127.0.0.1:${options.port}`;
    this.sandboxUrl = `http://127.0.0.1:${options.serviceBasePort + 10}`;
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('the launcher is not running');
    return this.child.pid;
  }

  async start(): Promise<void> {
    const { options } = this;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.extraEnv,
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      PORT: String(options.port),
      SERVICE_BASE_PORT: String(options.serviceBasePort),
      REPLICAS: String(options.replicas),
      DATA_DIR: this.dataDir,
      AUTH_DEV_LOGIN: 'true',
      // Every broker signs in from this one address.
      SIGN_IN_RATE_LIMIT: '100000',
      QBO_SANDBOX_SCALE: String(options.sandboxScale),
      QBO_SANDBOX_ADMIN_TOKEN: this.adminToken,
      // Companies in memory only, as the e2e suite keeps them (e2e/support/env.ts).
      QBO_SANDBOX_DATA_DIR: '',
      // Mail goes to the launcher's dev mailbox.
      SMTP_URL: '',
      LOG_LEVEL: options.extraEnv.LOG_LEVEL ?? 'warn',
    };
    for (const name of ['QBO_CLIENT_ID', 'PUBLIC_ORIGIN', 'WEB_ROOT', 'INTERNAL_TOKEN_SECRET', 'NODE_OPTIONS']) delete env[name];
    const log = openSync(this.logPath, 'a');
    const child = spawn(process.execPath, [path.join(repoRoot, 'infra/launch/dist/distributed.js')], { env, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    this.child = child;
    // A bench that fails must not leave the product running.
    process.once('exit', () => this.killGroup());
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the distributed launcher exited (${child.exitCode}):\n${this.logTail()}`);
      if (readFileSync(this.logPath, 'utf8').includes('PrintPool (distributed) is running')) return;
      await sleep(250);
    }
    throw new Error(`the distributed product did not start within 240 s:\n${this.logTail()}`);
  }

  /** Ends the launcher and every process under it, and removes its DATA_DIR. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      this.killGroup();
      await exited;
    }
    this.child = undefined;
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  logTail(lines = 40): string {
    try {
      return readFileSync(this.logPath, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  private killGroup(): void {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
