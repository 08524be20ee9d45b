export interface RemoteConfig {
  /** Module Federation name, the key in /remotes.json. */
  name: string;
  /** URL segment under /remotes/ and directory name under the web root. */
  pathName: string;
  /** The remote's build output when this gateway serves it. */
  dir?: string;
  /**
   * Where the remote is served from instead (a CDN): its manifest's own URL (a path ending in
   * `.json`, such as `…/1.4.0/mf-manifest.json`) or the base URL its `mf-manifest.json` sits under.
   */
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
      if (remote.url && isManifestUrl(remote.url)) return [remote.name, remote.url];
      const base = remote.url ?? `${ownOrigin}/remotes/${remote.pathName}`;
      return [remote.name, `${base.replace(/\/+$/, '')}/mf-manifest.json`];
    }),
  );
}

/** Whether a remote's URL names its manifest file rather than the folder the manifest is in. */
function isManifestUrl(url: string): boolean {
  return new URL(url).pathname.endsWith('.json');
}

/** Origins other than our own that serve remotes; the CSP must admit exactly these. */
export function remoteOrigins(remotes: readonly RemoteConfig[]): string[] {
  const origins = remotes.flatMap((remote) => (remote.url ? [new URL(remote.url).origin] : []));
  return [...new Set(origins)];
}
