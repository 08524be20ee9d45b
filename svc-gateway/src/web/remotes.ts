export interface RemoteConfig {
  /** Module Federation name, the key in /remotes.json. */
  name: string;
  /** URL segment under /remotes/ and directory name under the web root. */
  pathName: string;
  /** The remote's build output when this gateway serves it. */
  dir?: string;
  /** Where the remote is served from instead (a CDN); its mf-manifest.json sits under it. */
  url?: string;
}

export const DEFAULT_REMOTES: readonly RemoteConfig[] = [
  { name: 'mfe_purchase_orders', pathName: 'mfe-purchase-orders' },
  { name: 'mfe_sales_orders', pathName: 'mfe-sales-orders' },
  { name: 'mfe_pull_tickets', pathName: 'mfe-pull-tickets' },
  { name: 'mfe_catalog', pathName: 'mfe-catalog' },
];

/**
 * The runtime remotes manifest the shell loads before any remote, so a remote can move or be
 * redeployed without rebuilding the shell. URLs are absolute: Module Federation derives each
 * remote's public path from its manifest URL.
 */
export function buildRemotesManifest(remotes: readonly RemoteConfig[], ownOrigin: string): Record<string, string> {
  return Object.fromEntries(
    remotes.map((remote) => {
      const base = remote.url ?? `${ownOrigin}/remotes/${remote.pathName}`;
      return [remote.name, `${base.replace(/\/+$/, '')}/mf-manifest.json`];
    }),
  );
}

/** Origins other than our own that serve remotes; the CSP must admit exactly these. */
export function remoteOrigins(remotes: readonly RemoteConfig[]): string[] {
  const origins = remotes.flatMap((remote) => (remote.url ? [new URL(remote.url).origin] : []));
  return [...new Set(origins)];
}
