import path from 'node:path';
import { DEFAULT_REMOTES, type RemoteConfig } from './remotes.js';

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
