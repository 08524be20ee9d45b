import path from 'node:path';
import { defineSettings } from '@printpool/service-kit/web';
import { DEFAULT_REMOTES, type RemoteConfig } from './remotes.js';

/** What the front-ends are served from, by the gateway or by the web image alone. */
export const WEB_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'gateway, web image' },
  {
    WEB_ROOT: {
      unset: 'the gateway serves no front-end (the launchers stage one); required by the web image',
      description: 'folder of the built front-ends: `shell/` and `remotes/<name>/`',
    },
    'REMOTE_<NAME>_URL': {
      description:
        "serve one remote from elsewhere (a CDN), e.g. `REMOTE_MFE_CATALOG_URL`: its manifest's URL (`https://cdn.example.com/catalog/1.4.0/mf-manifest.json`) or the base URL its `mf-manifest.json` is under (`https://cdn.example.com/catalog/1.4.0`)",
    },
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
      url: remoteUrl(`REMOTE_${remote.name.toUpperCase()}_URL`, env),
    })),
  };
}

/** A remote's URL as its variable gives it, refused at start unless an absolute http(s) URL. */
function remoteUrl(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`${name} must be an absolute http(s) URL (the remote's mf-manifest.json or the base URL it is under), not '${value}'`);
  return value;
}
