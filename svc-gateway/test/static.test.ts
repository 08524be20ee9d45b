import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { webConfigFromRoot } from '../src/config.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const INDEX = '<!doctype html><div id="root"></div><script src="/assets/main.1a2b3c4d.js"></script>';

async function buildWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'gateway-web-'));
  const write = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  };
  await write('shell/index.html', INDEX);
  await write('shell/assets/main.1a2b3c4d.js', 'console.log("shell")');
  await write('shell/favicon.ico', 'icon');
  await write('remotes/mfe-purchase-orders/mf-manifest.json', '{"name":"mfe_purchase_orders"}');
  await write('remotes/mfe-purchase-orders/remoteEntry.js', 'var mfe_purchase_orders;');
  await write('remotes/mfe-purchase-orders/static/js/routes.9f8e7d6c5b.js', 'export default 1');
  return root;
}

describe('static hosting of the front-ends', () => {
  let root: string;
  let gateway: TestGateway;
  beforeAll(async () => {
    root = await buildWebRoot();
    const web = webConfigFromRoot(root, { REMOTE_MFE_CATALOG_URL: 'https://cdn.example.com/catalog/1.4.0/' });
    gateway = await startGateway({ web, allowedHosts: ['printpool.test'] });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the shell at / and falls back to index.html for client-side routes, uncached', async () => {
    for (const route of ['/', '/dashboard', '/sales-orders', '/settings', '/help']) {
      const res = await request(gateway.callback).get(route).expect(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and revalidates unhashed files', async () => {
    const asset = await request(gateway.callback).get('/assets/main.1a2b3c4d.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await request(gateway.callback).get('/favicon.ico').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not index.html, for a missing asset', async () => {
    await request(gateway.callback).get('/assets/missing.0000aaaa.js').expect(404);
  });

  it('serves each remote from its own build', async () => {
    const manifest = await request(gateway.callback).get('/remotes/mfe-purchase-orders/mf-manifest.json').expect(200);
    expect(manifest.body).toEqual({ name: 'mfe_purchase_orders' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(gateway.callback).get('/remotes/mfe-purchase-orders/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(gateway.callback).get('/remotes/mfe-purchase-orders/static/js/routes.9f8e7d6c5b.js').expect(200);
    expect(chunk.headers['cache-control']).toContain('immutable');
    await request(gateway.callback).get('/remotes/mfe-purchase-orders/missing.js').expect(404);
    await request(gateway.callback).get('/remotes/unknown/mf-manifest.json').expect(404);
  });

  it('never serves files outside the build', async () => {
    const res = await request(gateway.callback).get('/remotes/mfe-purchase-orders/..%2f..%2fshell%2findex.html');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.text).not.toBe(INDEX);
  });

  it('does not fall back to the shell for /api paths', async () => {
    const res = await request(gateway.callback).get('/api/not-a-route').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('publishes the remotes manifest, with a CDN override for one remote', async () => {
    const res = await request(gateway.callback).get('/remotes.json').set('Host', 'printpool.test').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      mfe_purchase_orders: 'http://printpool.test/remotes/mfe-purchase-orders/mf-manifest.json',
      mfe_sales_orders: 'http://printpool.test/remotes/mfe-sales-orders/mf-manifest.json',
      mfe_pull_tickets: 'http://printpool.test/remotes/mfe-pull-tickets/mf-manifest.json',
      mfe_catalog: 'https://cdn.example.com/catalog/1.4.0/mf-manifest.json',
    });
  });

  it('sends security headers whose CSP admits exactly our origin and the remote CDN', async () => {
    const res = await request(gateway.callback).get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
