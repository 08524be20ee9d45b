import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const start = () => runAllInOne({ env: embeddedEnv(), dataDir, webRoot, port: 0, host: '127.0.0.1' });
let running: RunningAllInOne | undefined;

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

  it('keeps what was stored in its one embedded database across a restart', async () => {
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
    await running!.stop();

    running = await start();
    await running.ready;
    const user = await fetch(`${running.origin}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ email: 'first.start@broker.test' });
  }, 180_000);
});
