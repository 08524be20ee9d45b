import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createWebApp } from './webApp.js';
import { webConfigFromRoot } from '../web/webConfig.js';

let root: string;

/** A web root as the web image lays it out: `shell/` and `remotes/<name>/`, or one remote alone. */
async function webRoot(name: string, parts: Record<string, string>): Promise<string> {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(parts)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'printpool-web-image-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the web image', () => {
  it('serves the shell, its client-side routes and every remote, with the gateway headers', async () => {
    const dir = await webRoot('all', {
      'shell/index.html': '<title>PrintPool</title>',
      'remotes/mfe-catalog/mf-manifest.json': '{"id":"mfe_catalog"}',
    });
    const app = createWebApp(webConfigFromRoot(dir, { REMOTE_MFE_SALES_ORDERS_URL: 'https://cdn.printpool.example/so' })).callback();
    const page = await request(app).get('/purchase-orders/12');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>PrintPool</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://cdn.printpool.example");
    expect((await request(app).get('/remotes/mfe-catalog/mf-manifest.json')).body).toEqual({ id: 'mfe_catalog' });
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok', service: 'web' });
  });

  it('publishes one remote alone, and nothing else', async () => {
    const dir = await webRoot('catalog', { 'remotes/mfe-catalog/remoteEntry.js': 'var mfe_catalog;' });
    const app = createWebApp(webConfigFromRoot(dir)).callback();
    const entry = await request(app).get('/remotes/mfe-catalog/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/')).status).toBe(404);
    expect((await request(app).get('/remotes/mfe-sales-orders/remoteEntry.js')).status).toBe(404);
  });
});
