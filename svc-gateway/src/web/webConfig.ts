import path from 'node:path';
import { defineSettings } from '@printpool/service-kit';
import { DEFAULT_REMOTES, type RemoteConfig } from './remotes.js';

/** What the front-ends are served from, by the gateway or by the web image alone. */
export const WEB_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'gateway, web image' },
  {
    WEB_ROOT: {
      unset: 'the gateway serves no front-end (the launchers stage one); required by the web image',
      description: 'folder of the built front-ends: `shell/` and `remotes/<name>/`',
    },
    'REMOTE_<NAME>_URL': { description: "serve one remote's manifest from elsewhere (a CDN), e.g. `REMOTE_MFE_CATALOG_URL`" },
  },
);

/** The web image's process alone (svc-gateway/src/webMain.ts), which serves the front-ends and nothing else. */
export const WEB_IMAGE_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'web image' },
  {
    PORT: { default: 8080, description: 'HTTP port it listens on' },
    HOST: { default: '0.0.0.0', description: 'address it listens on' },
  },
);

export interface WebConfig {
  /** The shell's build output (index.html, assets). */
  shellDir: string;
  remotes: RemoteConfig[];
}

/**
 * `webRoot/shell` holds the shell build and `webRoot/remotes/<dir>` each remote's build.
 * `REMOTE_<NAME>_URL` (e.g. REMOTE_MFE_PURCHASE_ORDERS_URL) serves one remote from elsewhere, such as a CDN.
 */
export function webConfigFromRoot(webRoot: string, env: NodeJS.ProcessEnv = {}): WebConfig {
  return {
    shellDir: path.join(webRoot, 'shell'),
    remotes: DEFAULT_REMOTES.map((remote) => ({
      ...remote,
      dir: path.join(webRoot, 'remotes', remote.pathName),
      url: env[`REMOTE_${remote.name.toUpperCase()}_URL`] || undefined,
    })),
  };
}
