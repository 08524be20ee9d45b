import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printpool/service-kit/testing';
import { fromRoot } from '../src/repoPaths.js';
import { databaseOn, dropDatabase, NATS_SERVER, OwnNats, recreateDatabase } from './faults/servers.js';

/**
 * `npm run start:distributed` stopped and started again on the same DATA_DIR, as an upgrade or
 * a crash does: the built-in QuickBooks sandbox keeps its companies, the tokens it gave and what
 * a user changed there under DATA_DIR/qbo-sandbox, and PrintPool its token key in
 * DATA_DIR/secrets.json (src/distributed.ts), so a connected company stays connected and syncs.
 * The launcher runs from source; the processes it starts are the built services (dist/main.js),
 * which `npm test` builds first (the test target of package.json depends on ^build).
 */
// Ports no other suite uses (e2e 3300, test:faults 3800); the product listens on 7700, 7801-7803, 7810 and 7820, its NATS on 7899.
const PORT = 7700;
const SERVICE_BASE_PORT = 7800;
const origin = `http://127.0.0.1:${PORT}`;
const sandboxUrl = `http://127.0.0.1:${SERVICE_BASE_PORT + 10}`;
const adminToken = randomBytes(16).toString('hex');
const EMAIL = 'restart.owner@broker.test';
const CUSTOMER = 'Kept Across The Restart Print Co';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the product's JSON answers, read field by field
type Json = any;

const root = mkdtempSync(path.join(tmpdir(), 'printpool-distributed-restart-'));
const dataDir = path.join(root, 'data');
const logPath = path.join(root, 'launcher.log');
const webRoot = path.join(root, 'web');
const database = `printpool_restart_${randomBytes(4).toString('hex')}`;
// A NATS server of the test's own: on the machine's, the product's durables (their production
// names) would share out other suites' events with those suites' own services.
const nats = new OwnNats(7899, path.join(root, 'nats'), path.join(root, 'nats.log'));

const databaseUrl = () => databaseOn(process.env.DATABASE_URL!, database);

let launcher: ChildProcess | undefined;

/** The launcher in a process group of its own, so one signal ends whatever it leaves behind. */
async function start(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    NATS_URL: nats.url,
    PORT: String(PORT),
    SERVICE_BASE_PORT: String(SERVICE_BASE_PORT),
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    AUTH_DEV_LOGIN: 'true',
    QBO_SANDBOX_ADMIN_TOKEN: adminToken,
    QBO_CATCH_UP_MINUTES: '0',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  };
  // What the launcher must find in DATA_DIR by itself, not be handed: the sandbox's folder and the token key.
  for (const name of [
    'QBO_SANDBOX_DATA_DIR',
    'QBO_TOKEN_KEY',
    'QBO_TOKEN_KEYS',
    'INTERNAL_TOKEN_SECRET',
    'QBO_CLIENT_ID',
    'PUBLIC_ORIGIN',
    'REPLICAS',
    'NODE_OPTIONS',
  ])
    delete env[name];
  writeFileSync(logPath, '');
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@printpool/source', fromRoot('infra', 'launch', 'src', 'distributed.ts')], {
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  launcher = child;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the distributed launcher exited (${child.exitCode}):\n${logTail()}`);
    if (readFileSync(logPath, 'utf8').includes('PrintPool (distributed) is running')) return;
    await sleep(250);
  }
  throw new Error(`the distributed product did not start within 180 s:\n${logTail()}`);
}

/** SIGTERM, as a service manager stops it: the launcher stops every process it started and exits. */
async function stop(): Promise<void> {
  const child = launcher;
  if (!child?.pid) return;
  if (child.exitCode === null && child.signalCode === null) {
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
    clearTimeout(timer);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  launcher = undefined;
}

const logTail = (lines = 40) => readFileSync(logPath, 'utf8').split('\n').slice(-lines).join('\n');

let cookie = '';
async function signIn(): Promise<void> {
  const response = await fetch(`${origin}/api/dev-login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function api(method: string, pathname: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${origin}${pathname}`, { method, headers: { origin, cookie, accept: 'application/json' } });
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

async function sandboxAdmin(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${sandboxUrl}/admin${pathname}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The first sandbox company, through the consent flow a broker goes through (as test/faults/product.ts connects). */
async function connectQuickBooks(): Promise<string> {
  const realmId: string = (await sandboxAdmin('GET', '/companies')).body[0].realmId;
  const { body } = await api('GET', '/api/quickbooks/auth-url');
  const consent = new URL(body.authUrl).searchParams;
  const form = new URLSearchParams({
    client_id: consent.get('client_id')!,
    redirect_uri: consent.get('redirect_uri')!,
    scope: consent.get('scope')!,
    state: consent.get('state')!,
    realmId,
    decision: 'approve',
  });
  const approved = await fetch(`${sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: form, redirect: 'manual' });
  const landed = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
  expect(landed.headers.get('location')).toBe('/dashboard?qbo=connected');
  return realmId;
}

const servers = Boolean(process.env.DATABASE_URL) && existsSync(NATS_SERVER);
if (!servers) process.stderr.write(`'the distributed launcher restarted' not run: it needs PostgreSQL (DATABASE_URL, as CI sets it) and ${NATS_SERVER}\n`);

(servers ? describe : describe.skip)('the distributed launcher restarted on the same DATA_DIR', () => {
  beforeAll(async () => {
    const unbuilt = ['svc-gateway', 'svc-inventory', 'svc-sync', 'svc-documents', 'infra/qbo-sandbox'].filter(
      (dir) => !existsSync(fromRoot(dir, 'dist', 'main.js')),
    );
    if (unbuilt.length > 0) throw new Error(`build ${unbuilt.join(', ')} first: npx nx run @printpool/launch:build`);
    mkdirSync(path.join(webRoot, 'shell'), { recursive: true });
    writeFileSync(path.join(webRoot, 'shell', 'index.html'), '<!doctype html><title>PrintPool</title><div id="root"></div>');
    recreateDatabase(process.env.DATABASE_URL!, database);
    await nats.start();
  });

  afterAll(async () => {
    await stop();
    await nats.kill();
    dropDatabase(process.env.DATABASE_URL!, database);
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('keeps the connected company connected, with what was changed in its sandbox, and syncs it', async () => {
    await start();
    await signIn();
    const realmId = await connectQuickBooks();
    const before = await api('GET', '/api/quickbooks/status');
    expect(before.body).toMatchObject({ connected: true, hasRealmId: true });
    // A QuickBooks user's change while PrintPool is connected: the sandbox must keep it too.
    expect((await sandboxAdmin('POST', `/companies/${realmId}/customer`, { DisplayName: CUSTOMER })).status).toBe(201);
    await stop();

    await start();
    await signIn();
    expect((await api('GET', '/api/quickbooks/status')).body).toEqual(before.body);
    const sync = await api('POST', '/api/quickbooks/sync?mode=full&wait=true');
    expect(sync.body).toMatchObject({ status: 'completed' });
    // svc-inventory takes the synced customers from the event stream, after the sync has answered.
    await waitFor(
      async () => {
        const customers = await api('GET', `/api/customers?search=${encodeURIComponent(CUSTOMER)}`);
        expect(customers.body.map((customer: { name: string }) => customer.name)).toEqual([CUSTOMER]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // Where src/distributed.ts keeps them unless told otherwise.
    expect(existsSync(path.join(dataDir, 'qbo-sandbox', 'sandbox.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
  }, 420_000);
});
