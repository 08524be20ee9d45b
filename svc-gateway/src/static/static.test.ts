import { cacheControlFor } from './cachePolicy.js';
import { buildRemotesManifest, DEFAULT_REMOTES, remoteOrigins } from '../web/remotes.js';
import { buildContentSecurityPolicy } from '../http/securityHeaders.js';

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

  it('admits exactly the remote hosts in the CSP', () => {
    expect(remoteOrigins(remotes)).toEqual(['https://cdn.example.com']);
    const csp = buildContentSecurityPolicy(remoteOrigins(remotes));
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
    expect(buildContentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
