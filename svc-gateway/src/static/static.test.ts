import { cacheControlFor } from './cachePolicy.js';
import { buildRemotesManifest, DEFAULT_REMOTES, remoteOrigins } from '../web/remotes.js';
import { buildContentSecurityPolicy } from '../http/securityHeaders.js';
import { webConfigFromRoot } from '../web/webConfig.js';

describe('cache policy', () => {
  it.each([
    ['main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['static/css/app.0123abcdef.css', 'public, max-age=31536000, immutable'],
    ['__federation_expose_routes.9f8e7d6c.js', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['favicon.ico', 'no-cache'],
  ])('%s → %s', (file, policy) => {
    expect(cacheControlFor(file)).toBe(policy);
  });
});

describe('remotes', () => {
  const remotes = DEFAULT_REMOTES.map((remote) => (remote.name === 'mfe_catalog' ? { ...remote, url: 'https://cdn.example.com/catalog/' } : remote));

  it('points each remote at its mf-manifest.json, here or on its own host', () => {
    expect(buildRemotesManifest(remotes, 'https://printpool.example')).toEqual({
      mfe_purchase_orders: 'https://printpool.example/remotes/mfe-purchase-orders/mf-manifest.json',
      mfe_sales_orders: 'https://printpool.example/remotes/mfe-sales-orders/mf-manifest.json',
      mfe_pull_tickets: 'https://printpool.example/remotes/mfe-pull-tickets/mf-manifest.json',
      mfe_catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
    });
  });

  it("takes a remote's manifest URL as it is, and a base URL as the folder its mf-manifest.json is in", () => {
    const moved = DEFAULT_REMOTES.map((remote) =>
      remote.name === 'mfe_catalog'
        ? { ...remote, url: 'https://cdn.example.com/catalog/1.4.0/mf-manifest.json' }
        : remote.name === 'mfe_sales_orders'
          ? { ...remote, url: 'https://cdn.example.com/so/1.2.0' }
          : remote,
    );
    expect(buildRemotesManifest(moved, 'https://printpool.example')).toMatchObject({
      mfe_catalog: 'https://cdn.example.com/catalog/1.4.0/mf-manifest.json',
      mfe_sales_orders: 'https://cdn.example.com/so/1.2.0/mf-manifest.json',
    });
    expect(remoteOrigins(moved)).toEqual(['https://cdn.example.com']);
  });

  it('reads REMOTE_<NAME>_URL in either form, and refuses one that is not an http(s) URL by name', () => {
    const web = webConfigFromRoot('/srv/web', { REMOTE_MFE_PULL_TICKETS_URL: 'https://cdn.example.com/pt/2.0.0/mf-manifest.json' });
    expect(buildRemotesManifest(web.remotes, 'https://printpool.example').mfe_pull_tickets).toBe('https://cdn.example.com/pt/2.0.0/mf-manifest.json');
    expect(() => webConfigFromRoot('/srv/web', { REMOTE_MFE_CATALOG_URL: 'cdn.example.com/catalog' })).toThrow(
      "REMOTE_MFE_CATALOG_URL must be an absolute http(s) URL (the remote's mf-manifest.json or the base URL it is under), not 'cdn.example.com/catalog'",
    );
  });

  it('admits exactly the remote hosts in the CSP', () => {
    expect(remoteOrigins(remotes)).toEqual(['https://cdn.example.com']);
    const csp = buildContentSecurityPolicy(remoteOrigins(remotes));
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
    expect(buildContentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
