import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fromRoot } from '../../src/repoPaths.js';
import { replicaPort } from '../../src/replicas.js';
import { killGroup, ownedGroups } from './servers.js';

/** When this suite run's company is made as of (QBO_SANDBOX_AS_OF): dates drift with the time of day otherwise, and oldest-first allocation with them. */
const COMPANY_AS_OF = new Date().toISOString();

export type ServiceName = 'svc-inventory' | 'svc-sync' | 'svc-documents' | 'svc-gateway' | 'qbo-sandbox';

export interface ProductOptions {
  databaseUrl: string;
  natsUrl: string;
  smtpUrl: string;
  gatewayPort: number;
  serviceBasePort: number;
  scale: number;
  dataDir: string;
  logPath: string;
  /** Processes of each service and of the gateway (REPLICAS); 1 unless set. */
  replicas?: number;
}

/** The launcher's order of processes, which their replicas' ports follow (src/replicas.ts). */
const PROCESS_INDEX = { 'svc-gateway': 0, 'svc-inventory': 1, 'svc-sync': 2, 'svc-documents': 3 } as const;
export type ReplicatedName = keyof typeof PROCESS_INDEX;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suite reads the product's JSON answers field by field
type Json = any;

/**
 * The distributed mode as `npm run start:distributed` runs it (infra/launch/dist/distributed.js):
 * every service its own process under the launcher's supervisor, which starts one again after
 * it is killed. The launcher leads a process group of its own, so the whole product ends with one
 * signal whatever state a scenario leaves it in.
 */
export class DistributedProduct {
  private launcher: ChildProcess | undefined;
  private cookie = '';
  readonly adminToken = randomBytes(16).toString('hex');
  readonly origin: string;
  readonly sandboxUrl: string;

  constructor(private readonly options: ProductOptions) {
    this.origin = `http://127.0.0.1:${options.gatewayPort}`;
    this.sandboxUrl = `http://127.0.0.1:${options.serviceBasePort + 10}`;
  }

  async start(): Promise<void> {
    const { options } = this;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      SMTP_URL: options.smtpUrl,
      PORT: String(options.gatewayPort),
      SERVICE_BASE_PORT: String(options.serviceBasePort),
      DATA_DIR: options.dataDir,
      REPLICAS: String(options.replicas ?? 1),
      ATTACHMENTS_DIR: path.join(options.dataDir, 'attachments'),
      AUTH_DEV_LOGIN: 'true',
      SIGN_IN_RATE_LIMIT: '1000',
      QBO_SANDBOX_SCALE: String(options.scale),
      // The reference and every scenario sync the very same company: its dates count back from one moment.
      QBO_SANDBOX_AS_OF: COMPANY_AS_OF,
      QBO_SANDBOX_ADMIN_TOKEN: this.adminToken,
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'warn',
      // A dead run must be noticed within the time-to-consistent budget.
      SYNC_LEASE_MS: process.env.FAULT_SYNC_LEASE_MS ?? '8000',
      SYNC_HEARTBEAT_MS: process.env.FAULT_SYNC_HEARTBEAT_MS ?? '2000',
      // A mail cut short by a crash, or refused by a mail server that is down, goes again within seconds.
      MAIL_RESEND_BASE_MS: '1000',
      MAIL_ABANDONED_AFTER_MS: '5000',
      // A scheduled catch-up would add sync runs beside the scenarios' own and move the counts they compare.
      QBO_CATCH_UP_MINUTES: '0',
    };
    for (const name of ['QBO_CLIENT_ID', 'PUBLIC_ORIGIN', 'WEB_ROOT', 'INTERNAL_TOKEN_SECRET']) delete env[name];
    const log = openSync(options.logPath, 'a');
    const launcher = spawn(process.execPath, [fromRoot('infra', 'launch', 'dist', 'distributed.js')], { env, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    this.launcher = launcher;
    ownedGroups.add(launcher.pid!);
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (launcher.exitCode !== null) throw new Error(`the distributed launcher exited (${launcher.exitCode}):\n${this.logTail()}`);
      if (readFileSync(options.logPath, 'utf8').includes('PrintPool (distributed) is running')) return;
      await sleep(250);
    }
    throw new Error(`the distributed product did not start within 180 s:\n${this.logTail()}`);
  }

  /** Ends the launcher and every process under it at once. */
  async stop(): Promise<void> {
    const launcher = this.launcher;
    if (!launcher) return;
    killGroup(launcher.pid, 'SIGKILL');
    if (launcher.exitCode === null && launcher.signalCode === null) await new Promise((resolve) => launcher.once('exit', resolve));
    this.launcher = undefined;
  }

  logTail(lines = 60): string {
    try {
      return readFileSync(this.options.logPath, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** The pid of a service process now running under the launcher's supervisor. */
  servicePid(name: ServiceName): number | undefined {
    const launcherPid = this.launcher?.pid;
    if (!launcherPid) return undefined;
    const script = name === 'qbo-sandbox' ? path.join('qbo-sandbox', 'dist', 'main.js') : path.join(name, 'dist', 'main.js');
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid !== launcherPid) continue;
        if (
          readFileSync(`/proc/${entry}/cmdline`, 'utf8')
            .split('\0')
            .some((arg) => arg.endsWith(script))
        )
          return Number(entry);
      } catch {
        // The process ended while it was read.
      }
    }
    return undefined;
  }

  /** The port of one replica (0-based) of a process started with `replicas` above 1. */
  replicaPort(name: ReplicatedName, replica: number): number {
    return replicaPort(this.options.serviceBasePort, PROCESS_INDEX[name], replica);
  }

  /** The pid of one replica now running, found by the port it was given. */
  replicaPid(name: ReplicatedName, replica: number): number | undefined {
    const launcherPid = this.launcher?.pid;
    if (!launcherPid) return undefined;
    const port = `PORT=${this.replicaPort(name, replica)}`;
    const script = path.join(name, 'dist', 'main.js');
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== launcherPid) continue;
        if (
          !readFileSync(`/proc/${entry}/cmdline`, 'utf8')
            .split('\0')
            .some((arg) => arg.endsWith(script))
        )
          continue;
        if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(port)) return Number(entry);
      } catch {
        // The process ended while it was read.
      }
    }
    return undefined;
  }

  /** Signals one replica; the supervisor starts it again once it has exited. */
  signalReplica(name: ReplicatedName, replica: number, signal: NodeJS.Signals): number {
    const pid = this.replicaPid(name, replica);
    if (!pid) throw new Error(`${name} replica ${replica + 1} is not running`);
    process.kill(pid, signal);
    return pid;
  }

  /** Waits until a replica runs again as a new process and answers its readiness check. */
  async waitForReplica(name: ReplicatedName, replica: number, previousPid: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const pid = this.replicaPid(name, replica);
      if (pid && pid !== previousPid) {
        try {
          if ((await fetch(`http://127.0.0.1:${this.replicaPort(name, replica)}/readyz`)).ok) return;
        } catch {
          // Not listening yet.
        }
      }
      await sleep(200);
    }
    throw new Error(`${name} replica ${replica + 1} was not running again within ${timeoutMs} ms`);
  }

  /** The session cookie, for clients of the suite's own (live-update streams). */
  get sessionCookie(): string {
    return this.cookie;
  }

  /** kill -9 of one service; the supervisor starts it again. */
  killService(name: ServiceName): number {
    const pid = this.servicePid(name);
    if (!pid) throw new Error(`${name} is not running`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** Waits until the service runs again (a new process) and answers its readiness check. */
  async waitForService(name: ServiceName, previousPid: number, timeoutMs = 60_000): Promise<void> {
    const port = {
      'svc-gateway': this.options.gatewayPort,
      'svc-inventory': this.options.serviceBasePort + 1,
      'svc-sync': this.options.serviceBasePort + 2,
      'svc-documents': this.options.serviceBasePort + 3,
      'qbo-sandbox': this.options.serviceBasePort + 10,
    }[name];
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const pid = this.servicePid(name);
      if (pid && pid !== previousPid) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
        } catch {
          // Not listening yet.
        }
      }
      await sleep(200);
    }
    throw new Error(`${name} was not running again within ${timeoutMs} ms`);
  }

  /** A call through the gateway, as the browser makes it. */
  async api(method: string, pathname: string, body?: unknown, timeoutMs = 60_000): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = { origin: this.origin, cookie: this.cookie, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.origin}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text };
  }

  async admin(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.adminToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.sandboxUrl}/admin${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async signIn(email: string): Promise<void> {
    const response = await fetch(`${this.origin}/api/dev-login`, {
      method: 'POST',
      headers: { origin: this.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** The first company of the sandbox, through the consent flow a broker goes through. */
  async connectQuickBooks(): Promise<string> {
    const { body: companies } = await this.admin('GET', '/companies');
    const realmId: string = companies[0].realmId;
    const { status, body } = await this.api('GET', '/api/quickbooks/auth-url');
    if (status !== 200) throw new Error(`auth-url answered ${status}`);
    const authUrl = new URL(body.authUrl);
    const form = new URLSearchParams({
      client_id: authUrl.searchParams.get('client_id')!,
      redirect_uri: authUrl.searchParams.get('redirect_uri')!,
      scope: authUrl.searchParams.get('scope')!,
      state: authUrl.searchParams.get('state')!,
      realmId,
      decision: 'approve',
    });
    const approved = await fetch(`${this.sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: form, redirect: 'manual' });
    const callback = approved.headers.get('location');
    if (!callback) throw new Error(`the sandbox's consent answered ${approved.status} without a redirect`);
    const landed = await fetch(callback, { redirect: 'manual', headers: { cookie: this.cookie } });
    if (landed.headers.get('location') !== '/dashboard?qbo=connected') throw new Error(`the OAuth callback landed on ${landed.headers.get('location')}`);
    return realmId;
  }

  /** The company's size as the sandbox counts it. */
  async companyCounts(): Promise<Record<string, number>> {
    const { body: companies } = await this.admin('GET', '/companies');
    return companies[0].counts;
  }

  async startFullSync(): Promise<string> {
    const { status, body } = await this.api('POST', '/api/quickbooks/sync?mode=full');
    if (status !== 202) throw new Error(`sync answered ${status}: ${JSON.stringify(body)}`);
    return body.runId;
  }
}
