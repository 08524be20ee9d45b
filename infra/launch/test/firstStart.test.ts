import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_IN_ONE_SCHEMAS } from '../src/allInOne.js';
import { buildEmbeddedTemplate } from '../src/embeddedTemplate.js';
import { runAllInOne, type RunningAllInOne } from '../src/runAllInOne.js';

/** `npm start` on a fresh data folder: the embedded defaults, nothing from the machine. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'QBO_CLIENT_ID', 'SMTP_URL', 'PUBLIC_ORIGIN']) delete env[name];
  return env;
}

const root = mkdtempSync(path.join(tmpdir(), 'printpool-first-start-'));
const dataDir = path.join(root, 'data');
const webRoot = path.join(root, 'web');
mkdirSync(path.join(webRoot, 'shell'), { recursive: true });
writeFileSync(path.join(webRoot, 'shell', 'index.html'), '<!doctype html><title>PrintPool</title><div id="root"></div>');

// The migrated embedded database the build makes (embeddedTemplate.ts), made here from the sources under test.
const embeddedTemplate = path.join(root, 'embedded-template');
const start = () => runAllInOne({ env: embeddedEnv(), dataDir, webRoot, port: 0, host: '127.0.0.1', embeddedTemplate });
let running: RunningAllInOne | undefined;

beforeAll(() => buildEmbeddedTemplate(embeddedTemplate, ALL_IN_ONE_SCHEMAS), 180_000);

/** The built-in sandbox's admin API, with the token `npm start` keeps in DATA_DIR/secrets.json. */
async function sandboxSession(origin: string) {
  const { sandboxAdminToken } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { sandboxAdminToken: string };
  const admin = (method: string, adminPath: string, body?: unknown) =>
    fetch(`${origin}/qbo-sandbox/admin${adminPath}`, {
      method,
      headers: { authorization: `Bearer ${sandboxAdminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const companies = (await (await admin('GET', '/companies')).json()) as { realmId: string }[];
  return { admin, realmId: companies[0]!.realmId };
}

afterAll(async () => {
  await running?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the first start on a fresh data folder', () => {
  it('serves the landing page at once, tells the API is starting, then serves the product', async () => {
    running = await start();
    let ready = false;
    void running.ready.then(() => (ready = true));
    const page = await fetch(`${running.origin}/`);
    expect(ready).toBe(false);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>PrintPool</title>');
    const api = await fetch(`${running.origin}/api/auth/user`);
    expect(ready).toBe(false);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');
    expect(await api.json()).toEqual({ message: 'PrintPool is starting; try again in a moment', code: 'STARTING' });

    await running.ready;
    expect((await fetch(`${running.origin}/api/auth/user`)).status).toBe(401);
  }, 180_000);

  it('keeps what was stored in its one embedded database and in its QuickBooks sandbox across a restart', async () => {
    const signIn = await fetch(`${running!.origin}/api/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running!.origin },
      body: JSON.stringify({ email: 'first.start@broker.test' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    // A QuickBooks user's change in the built-in sandbox, and a token it gave (as a connection holds one).
    const sandbox = await sandboxSession(running!.origin);
    const created = await sandbox.admin('POST', `/companies/${sandbox.realmId}/customer`, { DisplayName: 'Kept By The Sandbox Print Co' });
    expect(created.status).toBe(201);
    const { access_token: accessToken } = (await (
      await sandbox.admin('POST', '/tokens', { clientId: 'printpool-local', realmId: sandbox.realmId })
    ).json()) as {
      access_token: string;
    };
    await running!.stop();

    running = await start();
    await running.ready;
    const user = await fetch(`${running.origin}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ email: 'first.start@broker.test' });
    const query = encodeURIComponent("select * from Customer where DisplayName = 'Kept By The Sandbox Print Co'");
    const found = await fetch(`${running.origin}/qbo-sandbox/v3/company/${sandbox.realmId}/query?query=${query}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { QueryResponse: { Customer?: unknown[] } }).QueryResponse.Customer).toHaveLength(1);
  }, 180_000);
});
